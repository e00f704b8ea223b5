import type { Database } from 'firebase-admin/database'
import type { Drop } from '../game/dropSchema.js'

/**
 * Make sure `drops` (the deterministic drops of a spawn window, from
 * `ensureDropsNear`) exist under `/drops`, and return those a player can
 * still collect: unclaimed and live at `now`.
 *
 * Only drops missing from the database are written, in one multi-path
 * `update` of their leaf fields (`drops/{id}/lat`, …), never of whole
 * nodes. So even when two calls race (both see a drop missing, or a
 * collection lands between the read and the write), the write only repeats
 * the same deterministic values and can never erase a `collectedBy` claim:
 * idempotent without a transaction per drop.
 *
 * @example
 * ```ts
 * const drops = await ensureDropsInDatabase(db, ensureDropsNear({ lat, lng }, now, { seed }), now)
 * ```
 */
export async function ensureDropsInDatabase(database: Database, drops: readonly Drop[], now: number): Promise<Drop[]> {
  const stored = await Promise.all(
    drops.map(async (drop) => (await database.ref(`drops/${drop.id}`).once('value')).val() as unknown),
  )
  const updates: Record<string, unknown> = {}
  const available: Drop[] = []
  drops.forEach((drop, index) => {
    const current = stored[index]
    if (current === null || current === undefined) {
      const { id, ...fields } = drop
      for (const [field, value] of Object.entries(fields)) updates[`drops/${id}/${field}`] = value
    }
    if (!isClaimed(current) && drop.spawnedAt <= now && now < drop.expiresAt) available.push(drop)
  })
  if (Object.keys(updates).length > 0) await database.ref().update(updates)
  return available
}

function isClaimed(stored: unknown): boolean {
  return typeof stored === 'object' && stored !== null && 'collectedBy' in stored && Boolean(stored.collectedBy)
}
