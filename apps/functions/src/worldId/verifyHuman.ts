import { type HumanProof, verifyHumanContract } from '@worldmap/game/contract'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import { InvalidProofPayloadError } from './errors/InvalidProofPayloadError.js'
import { ProofRejectedError } from './errors/ProofRejectedError.js'
import type { ProofVerifier, VerificationLevel } from './ProofVerifier.js'

/** Dependencies of {@link verifyHuman}. */
export interface VerifyHumanDeps {
  verifier: ProofVerifier
  appId: string
  /** The incognito action the app asks World ID for. */
  action: string
}

/** What to record: `profiles/{uid}/verifiedLevel`, and the nullifier for the audit trail. */
export interface VerifyHumanResult {
  verifiedLevel: VerificationLevel
  nullifierHash: string
}

/**
 * Read a World ID proof as `verifyHumanContract` has it: 8 (or 4) 32-byte
 * words, a root and a nullifier that are field elements, a known level.
 * Cheap and local, so the callable refuses a malformed proof before it
 * counts the call or asks the verifier.
 *
 * @throws {InvalidProofPayloadError} naming the fields at fault (never their values).
 *
 * @example
 * ```ts
 * const proof = parseHumanProof(request.data)
 * ```
 */
export function parseHumanProof(proof: unknown): HumanProof {
  const parsed = verifyHumanContract.request.safeParse(proof)
  if (parsed.success) return parsed.data
  throw new InvalidProofPayloadError({
    details: parsed.error.issues.map((issue) => issue.path.join('.') || 'proof').join(', '),
  })
}

/**
 * Check a World ID proof sent by signed-in user `uid` (the proof's signal,
 * so a proof cannot be replayed for another account) and return the level
 * to record on the profile.
 *
 * @throws {UnauthenticatedError} no `uid`.
 * @throws {InvalidProofPayloadError} `proof` is not a well-formed proof payload.
 * @throws {ProofRejectedError} the verifier rejected it (`reason` = its code).
 * @throws {VerifierUnavailableError} the verifier could not answer.
 *
 * @example
 * ```ts
 * const { verifiedLevel } = await verifyHuman({ uid, proof: request.data }, { verifier, appId, action: 'verify-human' })
 * await db.ref(`profiles/${uid}/verifiedLevel`).set(verifiedLevel)
 * ```
 */
export async function verifyHuman(
  input: { uid: string | null | undefined; proof: unknown },
  deps: VerifyHumanDeps,
): Promise<VerifyHumanResult> {
  if (typeof input.uid !== 'string' || input.uid.length === 0) throw new UnauthenticatedError()
  const proof = parseHumanProof(input.proof)
  const result = await deps.verifier(proof, { appId: deps.appId, action: deps.action, signal: input.uid })
  if (!result.success) throw new ProofRejectedError({ reason: result.code })
  return { verifiedLevel: result.verification_level, nullifierHash: result.nullifier_hash }
}
