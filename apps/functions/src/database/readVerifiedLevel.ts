import { verificationLevelOf } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import type { VerificationLevel } from '../worldId/ProofVerifier.js'

/**
 * The World ID level recorded on `/profiles/{uid}`, or `null` when the
 * player has not verified (or the field holds anything but a known level).
 * Reads with a value listener: it works on the real database and on the
 * local firebase-server, whose `get()` never answers.
 *
 * @example
 * ```ts
 * const level = await readVerifiedLevel(getDatabase(), uid) // 'orb' | … | null
 * ```
 */
export async function readVerifiedLevel(database: Database, uid: string): Promise<VerificationLevel | null> {
  const value: unknown = (await database.ref(`profiles/${uid}/verifiedLevel`).once('value')).val()
  return verificationLevelOf(value)
}
