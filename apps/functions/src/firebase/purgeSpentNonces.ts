import type { Database } from 'firebase-admin/database'
import { signInLimits } from '../auth/signInLimits.js'

/** Options of {@link purgeSpentNonces}. */
export interface PurgeSpentNoncesOptions {
  /** Nonces read and deleted per round trip. @default 500 */
  batchSize?: number
  /** Batches per call, so one run stays short; the next run goes on. @default 20 */
  maxBatches?: number
}

/** What one {@link purgeSpentNonces} call did. */
export interface PurgeSpentNoncesReport {
  /** Nonces deleted. */
  deleted: number
  /** `false` when it stopped at `maxBatches` with more to delete (the next run continues). */
  complete: boolean
}

/**
 * Delete the spent sign-in nonces no request can use any more: every
 * `/nonces/{nonce}` whose `spentAt` is more than
 * `signInLimits.spentNonceRetentionMs` (twice the 12 h a phone's clock may
 * be off + 10 min message age + 1 min for a request in flight) before `now`.
 * Without this, `/nonces` grows by one entry per sign-in, forever.
 *
 * Safe to run at any time and repeatedly: a message that spent a nonce at S
 * is refused (`device_clock_wrong`) by every request after
 * S + 24 h 10 min, so the record is no longer needed to stop its replay. Entries
 * without a numeric `spentAt` are not ours and are left alone.
 *
 * Reads oldest first with `orderByChild('spentAt')`, in batches of one
 * multi-path delete each. Give `/nonces` `".indexOn": ["spentAt"]` in
 * `database.rules.json` so the database filters; without the index the Admin
 * SDK downloads `/nonces` and filters locally (same result, more traffic).
 *
 * @example
 * ```ts
 * export const purgeSpentNoncesEvery10Minutes = onSchedule({ region, schedule: 'every 10 minutes' }, async () => {
 *   const { deleted, complete } = await purgeSpentNonces(getServerContext().database, Date.now())
 *   logger.info('purgeSpentNonces', { deleted, complete })
 * })
 * ```
 */
export async function purgeSpentNonces(
  database: Database,
  now: number,
  options: PurgeSpentNoncesOptions = {},
): Promise<PurgeSpentNoncesReport> {
  const { batchSize = 500, maxBatches = 20 } = options
  // `endAt` is inclusive; "more than the retention ago" is strictly before the cutoff.
  const lastPurgeable = now - signInLimits.spentNonceRetentionMs - 1
  let deleted = 0
  for (let batch = 0; batch < maxBatches; batch++) {
    // startAt(0): numbers only (RTDB orders null and booleans before numbers).
    const snapshot = await database
      .ref('nonces')
      .orderByChild('spentAt')
      .startAt(0)
      .endAt(lastPurgeable)
      .limitToFirst(batchSize)
      .once('value')
    const keys: string[] = []
    snapshot.forEach((child) => {
      const spentAt: unknown = child.child('spentAt').val()
      if (child.key && typeof spentAt === 'number' && spentAt <= lastPurgeable) keys.push(child.key)
    })
    if (keys.length > 0) await database.ref('nonces').update(Object.fromEntries(keys.map((key) => [key, null])))
    deleted += keys.length
    if (keys.length < batchSize) return { deleted, complete: true }
  }
  return { deleted, complete: false }
}
