import type { Database } from 'firebase-admin/database'
import { InvalidProofPayloadError } from '../worldId/errors/InvalidProofPayloadError.js'
import { VERIFICATION_LEVELS, type VerificationLevel } from '../worldId/ProofVerifier.js'
import { HumanAlreadyLinkedError } from './errors/HumanAlreadyLinkedError.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/** A verified proof to record for `uid`. */
export interface HumanVerification {
  uid: string
  verifiedLevel: VerificationLevel
  /** The verifier's nullifier: one per human for our app and action. */
  nullifierHash: string
  /** Server time, ms. */
  now: number
  /** The player's public id (`publicIdOf`): keys their public profile. */
  publicId: string
}

/**
 * Record a verified World ID proof, in three ordered steps on two instances:
 * 1. a create-only transaction on `/nullifiers/{nullifier}` (server-only,
 *    main: one human, one account, across every player instance) links the
 *    human to `uid`; a nullifier already linked to another uid is refused,
 *    so one human cannot verify two accounts;
 * 2. `/publicProfiles/{publicId}/verified` = true (main): the flag other
 *    players see, keyed by the public id, never by the wallet;
 * 3. a transaction on `/profiles/{uid}` (owner-only, on the player's
 *    instance) sets `verifiedLevel` (never lowering a level recorded before)
 *    and creates the profile `{ publicId, createdAt }` when it is missing.
 *
 * The profile's level is the last step because it is what a repeat reads
 * (`verifyHuman` answers a replayed proof from it without recording again):
 * once it is there, every step before it is done. Every step is idempotent,
 * so a retry after a crash between them completes the record. Resolves the
 * level now on the profile.
 *
 * @throws {HumanAlreadyLinkedError} the nullifier belongs to another uid.
 * @throws {InvalidProofPayloadError} the nullifier is not a hex number.
 *
 * @example
 * ```ts
 * const { verifiedLevel, nullifierHash } = await verifyHuman({ uid, proof }, deps)
 * await recordHumanVerification(db, { uid, verifiedLevel, nullifierHash, now: Date.now(), publicId: publicIdOf(uid, secret) })
 * ```
 */
export async function recordHumanVerification(
  databases: Databases,
  verification: HumanVerification,
  hooks: { afterStep?: (step: 'linked' | 'published') => void | Promise<void> } = {},
): Promise<VerificationLevel> {
  const { uid, now } = verification
  const { main: database, ofPlayer } = gameDatabasesOf(databases)
  const key = nullifierKey(verification.nullifierHash)
  const link = await database.ref(`nullifiers/${key}`).transaction(
    // Never abort on what may be a guess (not cached yet, or another
    // in-flight transaction's link): create the link, or write the existing
    // one back unchanged, so the committed snapshot is the server's truth.
    (current: unknown) => (current === null ? { uid, linkedAt: now } : current),
    undefined,
    false,
  )
  if (ownerOf(link.snapshot.val()) !== uid) throw new HumanAlreadyLinkedError()
  await hooks.afterStep?.('linked')
  await database.ref(`publicProfiles/${verification.publicId}/verified`).set(true)
  await hooks.afterStep?.('published')

  const result = await ofPlayer(uid)
    .ref(`profiles/${uid}`)
    .transaction(
      (current: unknown) => {
        const profile = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {}
        return {
          ...profile,
          publicId: verification.publicId,
          createdAt: typeof profile.createdAt === 'number' ? profile.createdAt : now,
          verifiedLevel: highest(profile.verifiedLevel, verification.verifiedLevel),
        }
      },
      undefined,
      false,
    )
  return (result.snapshot.val() as { verifiedLevel: VerificationLevel }).verifiedLevel
}

/**
 * Who the nullifier of a proof is linked to already (`/nullifiers/{key}`),
 * or `null`: read before a proof is counted or verified, so a proof whose
 * human is linked already (a replay, or a second account of one human) is
 * answered from the database, never from the Developer Portal.
 *
 * @throws {InvalidProofPayloadError} the nullifier is not a hex number.
 *
 * @example
 * ```ts
 * if ((await readNullifierOwner(db, proof.nullifier_hash)) === uid) return readVerifiedLevel(db, uid)
 * ```
 */
export async function readNullifierOwner(database: Database, nullifierHash: string): Promise<string | null> {
  const owner = ownerOf((await database.ref(`nullifiers/${nullifierKey(nullifierHash)}`).once('value')).val())
  return typeof owner === 'string' ? owner : null
}

/**
 * The nullifier as a canonical database key: lower-case hex without leading
 * zeros, so `0x00AB` and `0xab` (the same number) cannot link twice.
 */
function nullifierKey(nullifierHash: string): string {
  if (!/^0x[0-9a-fA-F]{1,128}$/.test(nullifierHash)) throw new InvalidProofPayloadError({ details: 'nullifier_hash' })
  return `0x${BigInt(nullifierHash).toString(16)}`
}

function ownerOf(link: unknown): unknown {
  return typeof link === 'object' && link !== null && 'uid' in link ? link.uid : undefined
}

function highest(recorded: unknown, verified: VerificationLevel): VerificationLevel {
  const before = VERIFICATION_LEVELS.indexOf(recorded as VerificationLevel)
  return before > VERIFICATION_LEVELS.indexOf(verified) ? (recorded as VerificationLevel) : verified
}
