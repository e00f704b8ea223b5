import { databasePaths, spawnWindowOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import type { Claim } from './claimSchema.js'

/** Windows a counted drop id is remembered for: a day, far longer than any claim waits for its delivery. */
const COUNTED_WINDOWS = 48

/**
 * Finish a won claim: put the item in its collector's inventory, remove the
 * drop's public record, count it once on `/profiles/{uid}/stats`, and mark
 * the claim delivered. Every step is idempotent, so it is safe to run again
 * after a crash at any point (a retry by the player, or the purge's
 * recovery) and never awards twice:
 *
 * 1. one multi-path update: `inventories/{uid}/{dropId}` (same key, same
 *    value on a repeat) and `drops/{window}/{cell}/{dropId}` → null;
 * 2. a transaction on `profiles/{uid}/stats` that adds one to `collected`
 *    only if `counted` does not hold the drop id yet (firebase-server, the
 *    local database, has no `ServerValue.increment`; and an increment would
 *    count a repeat twice);
 * 3. `delivered: true` on the claim, last, so an undelivered claim always
 *    means "run this again".
 *
 * @example
 * ```ts
 * await awardClaim(db, 'w21z73t_997459_3', claim, Date.now())
 * ```
 */
export async function awardClaim(database: Database, dropId: string, claim: Claim, now: number): Promise<void> {
  const { uid, window, watchCell, item } = claim
  await database.ref().update({
    [databasePaths.inventoryItem(uid, dropId)]: item,
    [databasePaths.drop(window, watchCell, dropId)]: null,
  })
  // A claim older than the memory (a purge catching up) still remembers itself.
  const oldest = Math.min(spawnWindowOf(now).index - COUNTED_WINDOWS, window)
  await database.ref(`${databasePaths.profile(uid)}/stats`).transaction(
    (current: unknown) => {
      const stats = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {}
      const collected = typeof stats.collected === 'number' ? stats.collected : 0
      const counted: Record<string, number> = {}
      if (typeof stats.counted === 'object' && stats.counted !== null) {
        for (const [id, countedWindow] of Object.entries(stats.counted)) {
          if (typeof countedWindow === 'number' && countedWindow >= oldest) counted[id] = countedWindow
        }
      }
      if (dropId in counted) return { ...stats, collected, counted }
      return { ...stats, collected: collected + 1, counted: { ...counted, [dropId]: window } }
    },
    undefined,
    false,
  )
  await database.ref(databasePaths.claim(window, dropId)).transaction(
    // Only an existing claim is marked: one the purge deleted meanwhile is not re-created as a stub.
    (current: unknown) => (typeof current === 'object' && current !== null ? { ...current, delivered: true } : current),
    undefined,
    false,
  )
}
