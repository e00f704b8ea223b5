import type { Database } from 'firebase-admin/database'
import { countInWindow } from '../spawning/countInWindow.js'

/**
 * Count one use at `path` (a `{window, n}` node) against `cap` in `window`,
 * in one transaction on that small node, and resolve whether it was allowed.
 * A counter already at the cap for this window is refused after a plain read,
 * without a transaction, so a crowd hammering a spent limit costs reads only.
 *
 * @example
 * ```ts
 * if (!(await takeCrowdToken(db, `crowd/spawn/region/${region}`, window, 20))) throw new AreaAsleepError({ retryAfterMs })
 * ```
 */
export async function takeCrowdToken(database: Database, path: string, window: number, cap: number): Promise<boolean> {
  const ref = database.ref(path)
  if (!countInWindow((await ref.once('value')).val(), window, cap).allowed) return false
  const outcome = { allowed: false }
  await ref.transaction(
    (current: unknown) => {
      const { next, allowed } = countInWindow(current, window, cap)
      outcome.allowed = allowed
      // Never abort on a guess: write the counter back unchanged when refused.
      return next
    },
    undefined,
    false,
  )
  return outcome.allowed
}
