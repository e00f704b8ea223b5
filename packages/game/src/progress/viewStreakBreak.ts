import { lastFindAge } from './lastFindAge.js'
import type { Progress } from './progressSchema.js'

/** A streak that ended because a whole local day passed without a find (see {@link viewStreakBreak}). */
export interface StreakBreak {
  /** How long the streak that ended was, in days (≥ 1). */
  streak: number
  /** The local date (`YYYY-MM-DD`, stored zone) of its last find: the streak's last day. */
  lastDay: string
  /** Whole local days since then without a find, today not counted (≥ 1). */
  missedDays: number
}

/**
 * What a player lost at `now`: the streak recorded with their last find,
 * once at least one whole local day has passed without a find (the last
 * find two or more dates ago), else `null` — a streak kept today or
 * yesterday is alive (`viewProgress` shows it), and a malformed record shows
 * no loss. It lasts until the next find: `recordFind` then starts a new
 * streak of 1, and the record no longer names the old one.
 *
 * Days are counted exactly as `viewProgress` counts them (the stored zone;
 * `timeZone` only when the record names none), so home never says a streak
 * ended while the server would still extend it.
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const lost = viewStreakBreak(progress, Date.now(), deviceZone)
 * if (lost) console.log(`Your ${lost.streak}-day streak ended`)
 * ```
 */
export function viewStreakBreak(progress: Progress | null, now: number, timeZone: string): StreakBreak | null {
  if (progress === null || progress.streak < 1) return null
  const age = lastFindAge(progress, now, timeZone)
  // NaN (a malformed day) fails this test too: no loss is shown from a record that cannot be read.
  if (!(age >= 2)) return null
  return { streak: progress.streak, lastDay: progress.day, missedDays: age - 1 }
}
