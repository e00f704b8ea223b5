import type { Database } from 'firebase-admin/database'
import type { CallableRequest } from 'firebase-functions/v2/https'
import { recordHumanVerification } from '../database/recordHumanVerification.js'
import { UnauthenticatedError } from '../game/errors/UnauthenticatedError.js'
import { publicIdOf } from '../game/publicIdOf.js'
import type { ProofVerifier, VerificationLevel } from '../worldId/ProofVerifier.js'
import { verifyHuman } from '../worldId/verifyHuman.js'
import { type CallableHandlerOptions, toHttpsError } from './toHttpsError.js'

/** What `verifyHuman` needs, resolved when a request arrives. */
export interface VerifyHumanDependencies {
  database: Database
  /** The configured verifier: the Developer Portal in production, the simulator's locally. */
  verifier: ProofVerifier
  /** The app id proofs are made for. */
  appId: string
  /** The incognito action proofs are made for. */
  action: string
  /** Server secret the public id is derived from (`publicIdOf`). */
  publicIdSecret: string
  /** Server clock, ms. @default Date.now */
  now?: () => number
}

/** `verifyHuman`'s reply: the level now recorded on the profile. */
export interface VerifyHumanCallableResult {
  verifiedLevel: VerificationLevel
}

/**
 * The `verifyHuman(proof)` callable: checks a World ID proof (the `verify`
 * command's reply, signal = the caller's uid) with the configured verifier,
 * links its nullifier to the caller (one human, one account) and records
 * the level on `/profiles/{uid}`, creating the profile if needed.
 *
 * Errors (`details.code` in parentheses): `unauthenticated`
 * (`unauthenticated`), `invalid-argument` (`invalid_proof_payload`),
 * `permission-denied` (`proof_rejected`), `already-exists`
 * (`human_already_linked`), `unavailable` (`verifier_unavailable`);
 * anything else → `internal` (logged, never with the proof).
 *
 * @example
 * ```ts
 * export const verifyHuman = onCall({ region: 'asia-southeast1' }, createVerifyHumanHandler(() => ({
 *   database: getDatabase(),
 *   verifier: createDeveloperPortalVerifier({ appId }),
 *   appId,
 *   action: 'verify-human',
 *   publicIdSecret: config.dropSeed,
 * })))
 * ```
 */
export function createVerifyHumanHandler(dependencies: () => VerifyHumanDependencies, options: CallableHandlerOptions = {}) {
  return async (request: Pick<CallableRequest, 'auth' | 'data'>): Promise<VerifyHumanCallableResult> => {
    try {
      const uid = request.auth?.uid
      if (!uid) throw new UnauthenticatedError()
      const { database, verifier, appId, action, publicIdSecret, now = Date.now } = dependencies()
      const verified = await verifyHuman({ uid, proof: request.data }, { verifier, appId, action })
      const publicId = publicIdOf(uid, publicIdSecret)
      const verifiedLevel = await recordHumanVerification(database, { ...verified, uid, now: now(), publicId })
      return { verifiedLevel }
    } catch (error) {
      throw toHttpsError(error, 'verifyHuman', options.log)
    }
  }
}
