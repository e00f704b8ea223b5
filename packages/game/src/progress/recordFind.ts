import { canonicalTimeZone } from '../time/canonicalTimeZone.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { localDayOf } from '../time/localDayOf.js'
import type { Progress } from './progressSchema.js'

/** A stored time zone is replaced at most once per this span. */
export const TIME_ZONE_CHANGE_COOLDOWN_MS = 24 * 60 * 60 * 1000

/** The zone of a player with no usable zone of their own. */
const FALLBACK_TIME_ZONE = 'UTC'

/**
 * Count one find at `at` (ms) into a player's progress: the server runs it
 * inside the transaction that counts the find once, so it is pure.
 *
 * **The stored zone decides the day.** `timeZone` (what the device reports)
 * is only a request to change it, granted when all of these hold:
 *
 * 1. it is a valid IANA zone, different from the stored one;
 * 2. the stored zone was adopted at least 24 h ago
 *    ({@link TIME_ZONE_CHANGE_COOLDOWN_MS});
 * 3. at `at`, both zones name the same date, so the change neither skips a
 *    date (no free streak day by hopping east) nor repeats one (no second
 *    credit for a date by hopping west).
 *
 * Otherwise the find counts in the stored zone, which stays. And a day never
 * moves backwards: a find whose local date is before the stored `day` (a late
 * retry, a purge recovering a crashed collect) counts on the stored day, so no
 * date is ever credited twice.
 *
 * A find on the stored day adds one to `today`; on the next date it extends
 * the streak; after a gap the streak restarts at 1. `best` keeps the longest.
 *
 * @throws {InvalidTimeError} `at` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const next = recordFind(progressSchema.safeParse(stored).data ?? null, claim.at, 'Asia/Singapore')
 * ```
 */
export function recordFind(progress: Progress | null, at: number, timeZone?: string): Progress {
  const requested = canonicalTimeZone(timeZone)
  if (progress === null) {
    const zone = requested ?? FALLBACK_TIME_ZONE
    return { timeZone: zone, day: localDayOf(at, zone), today: 1, streak: 1, best: 1, updatedAt: at, timeZoneSince: at }
  }

  let zone = canonicalTimeZone(progress.timeZone)
  let since = progress.timeZoneSince ?? 0
  if (zone === null) {
    // A zone this runtime no longer knows cannot decide anything: take the request (or UTC) at once.
    zone = requested ?? FALLBACK_TIME_ZONE
    since = at
  } else if (
    requested !== null &&
    requested !== zone &&
    at - since >= TIME_ZONE_CHANGE_COOLDOWN_MS &&
    localDayOf(at, requested) === localDayOf(at, zone)
  ) {
    zone = requested
    since = at
  }

  const day = localDayOf(at, zone)
  const gap = dayNumberOf(day) - dayNumberOf(progress.day)
  const zoneFields = { timeZone: zone, timeZoneSince: since }
  // `gap` is NaN for a malformed stored day: start over on today.
  if (gap <= 0) {
    return { ...progress, ...zoneFields, today: progress.today + 1, updatedAt: Math.max(progress.updatedAt, at) }
  }
  const streak = gap === 1 ? progress.streak + 1 : 1
  return { ...zoneFields, day, today: 1, streak, best: Math.max(progress.best, streak), updatedAt: at }
}
