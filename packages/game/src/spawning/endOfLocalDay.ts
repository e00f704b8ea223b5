import { localDayOf } from '../time/localDayOf.js'

/** No local day is longer than this (25 h with a daylight-saving change), plus a margin. */
const LONGEST_DAY_MS = 26 * 60 * 60 * 1000

/**
 * The first millisecond after the local day containing `now` in `timeZone`
 * (midnight, or whenever the zone's next date begins), found by bisection on
 * `localDayOf`, so daylight saving and odd offsets need no table.
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 * @throws {InvalidTimeZoneError} `timeZone` is not a known zone.
 *
 * @example
 * ```ts
 * endOfLocalDay(Date.UTC(2026, 10, 24, 1), 'Asia/Singapore') // Date.UTC(2026, 10, 24, 16): midnight in Singapore
 * ```
 */
export function endOfLocalDay(now: number, timeZone: string): number {
  const today = localDayOf(now, timeZone)
  // Invariant: `low` is still today, `high` is not.
  let low = now
  let high = now + LONGEST_DAY_MS
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (localDayOf(middle, timeZone) === today) low = middle
    else high = middle
  }
  return high
}
