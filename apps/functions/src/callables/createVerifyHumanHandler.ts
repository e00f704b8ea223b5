import { type HumanProof, type VerifyHumanReply, verifyHumanContract } from '@worldmap/game/contract'
import { HumanAlreadyLinkedError } from '../database/errors/HumanAlreadyLinkedError.js'
import { type Databases, gameDatabasesOf } from '../database/gameDatabases.js'
import { readVerifiedLevel } from '../database/readVerifiedLevel.js'
import { readNullifierOwner, recordHumanVerification } from '../database/recordHumanVerification.js'
import { type CrowdLimits, takeVerifyCall } from '../database/takeCrowdTokens.js'
import { actionLog } from '../observability/actionLog.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { type WritePublicCardDependencies, writePublicCard } from '../publicCard/writePublicCard.js'
import { type ProofVerifier, VERIFICATION_LEVELS, type VerificationLevel } from '../worldId/ProofVerifier.js'
import { parseHumanProof, verifyHuman } from '../worldId/verifyHuman.js'
import { defineCallable } from './defineCallable.js'
import type { CallableHandlerOptions } from './toHttpsError.js'

/** What `verifyHuman` needs, resolved when a request arrives. */
export interface VerifyHumanDependencies {
  /** One instance, or the sharded set: nullifiers, public cards and crowd counters on main, the profile on the player's instance. */
  database: Databases
  /** The configured verifier: the Developer Portal in production, the simulator's locally. */
  verifier: ProofVerifier
  /** The app id proofs are made for. */
  appId: string
  /** The incognito action proofs are made for. */
  action: string
  /** Server secret the public id is derived from (`publicIdOf`): `WORLDMAP_PUBLIC_ID_KEY`, never the drop seed. */
  publicIdSecret: string
  /**
   * Where the public card's name and avatar come from: World's usernames
   * service for the caller's own wallet, and the allowed avatar origins.
   * @default no lookup and no avatars (every card shows its generated name)
   */
  publicCard?: WritePublicCardDependencies
  /** Server clock, ms. @default Date.now */
  now?: () => number
  /** Limits on calls per account and in the worldwide lanes. @default CROWD_LIMITS */
  crowdLimits?: CrowdLimits
}

/**
 * A proof whose human is linked already, answered from the database before
 * anything is counted or asked: linked to another account →
 * `human_already_linked`; linked to the caller at this level or above → the
 * recorded level (a repeat of a verification that already happened). A
 * proof of a higher level than recorded goes on to the verifier.
 */
async function answerReplay(databases: Databases, uid: string, proof: HumanProof): Promise<VerificationLevel | null> {
  const { main, ofPlayer } = gameDatabasesOf(databases)
  const owner = await readNullifierOwner(main, proof.nullifier_hash)
  if (owner === null) return null
  if (owner !== uid) throw new HumanAlreadyLinkedError()
  const recorded = await readVerifiedLevel(ofPlayer(uid), uid)
  const rank = (level: string | null) => VERIFICATION_LEVELS.indexOf(level as VerificationLevel)
  return recorded !== null && rank(recorded) >= rank(proof.verification_level) ? recorded : null
}

/** `verifyHuman`'s reply: the level now recorded on the profile (`verifyHumanContract`). */
export type VerifyHumanCallableResult = VerifyHumanReply

/**
 * The `verifyHuman(proof)` callable: checks a World ID proof (the `verify`
 * command's reply, signal = the caller's uid) with the configured verifier,
 * links its nullifier to the caller (one human, one account, on the main
 * instance) and records the level on `/profiles/{uid}` (on the player's
 * instance), creating the profile if needed (`recordHumanVerification`). Then
 * it writes the player's public card from World's usernames service, looked
 * up by the server for the caller's wallet (`writePublicCard`): a failed
 * lookup is logged and leaves the card as it was (the board shows the
 * generated name), never failing the verification.
 *
 * Errors (`details.code` in parentheses): `unauthenticated`
 * (`unauthenticated`), `invalid-argument` (`invalid_proof_payload`),
 * `permission-denied` (`proof_rejected`), `already-exists`
 * (`human_already_linked`), `unavailable` (`verifier_unavailable`),
 * `resource-exhausted` (`verify_rate_limited`, with `details.retryAfterMs`:
 * too many calls by this account, or its worldwide lane is full,
 * `takeVerifyCall`). A malformed proof and a proof whose human is linked
 * already are answered before the call is counted;
 * anything else → `internal` (logged, never with the proof).
 *
 * @example
 * ```ts
 * export const verifyHuman = onCall({ region: 'asia-southeast1' }, createVerifyHumanHandler(() => ({
 *   database: getDatabase(),
 *   verifier: createDeveloperPortalVerifier({ appId }),
 *   appId,
 *   action: 'verify-human',
 *   publicIdSecret: config.publicIdKey,
 * })))
 * ```
 */
export function createVerifyHumanHandler(dependencies: () => VerifyHumanDependencies, options: CallableHandlerOptions = {}) {
  return defineCallable(
    verifyHumanContract,
    {
      // Its own reading (`invalid_proof_payload`), before anything is counted: a malformed proof costs the crowd a call and us nothing.
      parse: parseHumanProof,
      run: async ({ uid, data, signedInAt }): Promise<VerifyHumanCallableResult> => {
        const { verifier, appId, action, publicIdSecret, publicCard, now = Date.now, crowdLimits, ...rest } = dependencies()
        // First: a player a table switch moved has their records moved before anything reads them.
        const database = await gameDatabasesOf(rest.database).forPlayer(uid, now())
        const replayed = await answerReplay(database, uid, data)
        if (replayed) return { verifiedLevel: replayed }
        // Counted before the verifier is asked: each call may cost a Developer Portal request.
        const { main } = gameDatabasesOf(database)
        await takeVerifyCall(main, { uid, signedInAt }, now(), crowdLimits)
        const verified = await verifyHuman({ uid, proof: data }, { verifier, appId, action })
        const publicId = publicIdOf(uid, publicIdSecret)
        const verifiedLevel = await recordHumanVerification(database, { ...verified, uid, now: now(), publicId })
        try {
          await writePublicCard(main, { address: uid, publicId }, publicCard ?? { lookUp: null, avatarOrigins: [] })
        } catch (error) {
          const log = options.log ?? actionLog.error
          log('verifyHuman could not write the public card', {
            errorName: error instanceof Error ? error.name : typeof error,
            errorCode: error instanceof Error && 'code' in error ? error.code : undefined,
          })
        }
        return { verifiedLevel }
      },
    },
    options,
  )
}
