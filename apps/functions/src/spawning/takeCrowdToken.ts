import type { Database } from 'firebase-admin/database'
import { countInWindow } from './countInWindow.js'

/**
 * Count one use at `path` (a `{window, n}` node) against `cap` in `window`,
 * in one transaction on that small node, and resolve whether it was allowed.
 * A counter already at the cap for this window is refused after a plain read,
 * without a transaction, so a crowd hammering a spent limit costs reads only.
 *
 * @example
 * ```ts
 * if (!(await takeCrowdToken(db, `crowd/${window}/spawn/${bucket}`, window, 20))) throw new AreaAsleepError({ retryAfterMs })
 * ```
 */
export async function takeCrowdToken(database: Database, path: string, window: number, cap: number): Promise<boolean> {
  return (await takeCountedCrowdToken(database, path, window, cap)) !== null
}

/**
 * {@link takeCrowdToken}, resolving the use's place in the window (1 for
 * the first) when allowed and `null` when refused: decided in the same
 * transaction, so two calls at once never both read as the first.
 *
 * @example
 * ```ts
 * const place = await takeCountedCrowdToken(db, `crowd/${window}/verify/accounts/${uid}`, window, 5)
 * if (place === 1) console.log('first call of the window')
 * ```
 */
export async function takeCountedCrowdToken(
  database: Database,
  path: string,
  window: number,
  cap: number,
): Promise<number | null> {
  const ref = database.ref(path)
  if (!countInWindow((await ref.once('value')).val(), window, cap).allowed) return null
  const outcome: { place: number | null } = { place: null }
  await ref.transaction(
    (current: unknown) => {
      const { next, allowed } = countInWindow(current, window, cap)
      outcome.place = allowed ? next.n : null
      // Never abort on a guess: write the counter back unchanged when refused.
      return next
    },
    undefined,
    false,
  )
  return outcome.place
}
