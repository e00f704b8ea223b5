import { canonicalTimeZone } from '../time/canonicalTimeZone.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { localDayOf } from '../time/localDayOf.js'
import type { Progress } from './progressSchema.js'

/**
 * Local dates from a player's last find to `now`: 0 on the day of the find
 * (or a stored day ahead of `now`, a zone a few hours ahead of a fresh device
 * clock, which reads as today too: ≤ 0), 1 the next day, `NaN` for a
 * malformed stored day. Counted in the **stored** zone, as the server counts
 * (`recordFind`); `timeZone`, then UTC, only when the stored one is unknown.
 * Shared by `viewProgress` and `viewStreakBreak` so both see the same day.
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const kept = lastFindAge(progress, Date.now(), deviceZone) <= 1
 * ```
 */
export function lastFindAge(progress: Progress, now: number, timeZone: string): number {
  const zone = canonicalTimeZone(progress.timeZone) ?? canonicalTimeZone(timeZone) ?? 'UTC'
  return dayNumberOf(localDayOf(now, zone)) - dayNumberOf(progress.day)
}
