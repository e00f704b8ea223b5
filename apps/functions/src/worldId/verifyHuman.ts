import { verifyHumanContract } from '@worldmap/game/contract'
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
  const parsed = verifyHumanContract.request.safeParse(input.proof)
  if (!parsed.success) {
    throw new InvalidProofPayloadError({
      details: parsed.error.issues.map((issue) => issue.path.join('.') || 'proof').join(', '),
    })
  }
  const result = await deps.verifier(parsed.data, { appId: deps.appId, action: deps.action, signal: input.uid })
  if (!result.success) throw new ProofRejectedError({ reason: result.code })
  return { verifiedLevel: result.verification_level, nullifierHash: result.nullifier_hash }
}
