import { DAILY_GOAL } from './dailyGoal.js'
import { lastFindAge } from './lastFindAge.js'
import type { Progress } from './progressSchema.js'

/** Daily progress as a player sees it at one moment (the `collectDrop` reply, home). */
export interface ProgressView {
  /** Finds today (0 when the last find was on an earlier day). */
  today: number
  /** {@link DAILY_GOAL}. */
  goal: number
  /** `today >= goal`. */
  goalMet: boolean
  /** The streak still alive: kept today, or yesterday (then `keptToday` is false); 0 once a day was missed. */
  streak: number
  /** The longest streak ever. */
  best: number
  /** Whether today already has a find (the streak is safe for today). */
  keptToday: boolean
}

/**
 * What a player's stored progress means at `now`: a last find today shows as
 * is; a last find yesterday keeps the streak alive with `today` 0 and
 * `keptToday` false; anything older shows a streak of 0.
 *
 * Days are counted in the **stored** `progress.timeZone`, as the server
 * counts them (see `recordFind`); `timeZone` is used only when there is no
 * stored zone, so the app shows exactly what the server will count.
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const { today, goal, streak, keptToday } = viewProgress(progress, Date.now(), progress?.timeZone ?? deviceZone)
 * ```
 */
export function viewProgress(progress: Progress | null, now: number, timeZone: string): ProgressView {
  if (progress === null) {
    return { today: 0, goal: DAILY_GOAL, goalMet: false, streak: 0, best: 0, keptToday: false }
  }
  const age = lastFindAge(progress, now, timeZone)
  const keptToday = age <= 0
  const today = keptToday ? progress.today : 0
  const streak = age <= 1 ? progress.streak : 0
  return { today, goal: DAILY_GOAL, goalMet: today >= DAILY_GOAL, streak, best: progress.best, keptToday }
}
