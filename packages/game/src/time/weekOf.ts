import { assertTime } from './assertTime.js'

/** One week, ms. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** Monday 1970-01-05 00:00 UTC: week 0 starts here (the epoch itself was a Thursday). */
const FIRST_MONDAY = 4 * 24 * 60 * 60 * 1000

/** A leaderboard week: its number (the database key) and its span, ms. */
export interface Week {
  /** Weeks since Monday 1970-01-05: the key of `/leaderboards/{week}`. */
  index: number
  /** Monday 00:00 UTC, the week's first millisecond. */
  startsAt: number
  /** The next Monday 00:00 UTC, the first millisecond after the week. */
  endsAt: number
}

/**
 * The week containing `time`. Weeks run from Monday 00:00 UTC to the next
 * Monday 00:00 UTC for everyone: one global boundary makes one board per
 * week, whatever the players' own time zones.
 *
 * @throws {InvalidTimeError} `time` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * weekOf(Date.UTC(2026, 10, 23, 9, 45)) // { index: 2968, startsAt: 2026-11-23T00:00Z, endsAt: 2026-11-30T00:00Z }
 * ```
 */
export function weekOf(time: number): Week {
  assertTime(time)
  const index = Math.floor((time - FIRST_MONDAY) / WEEK_MS)
  const startsAt = FIRST_MONDAY + index * WEEK_MS
  return { index, startsAt, endsAt: startsAt + WEEK_MS }
}
