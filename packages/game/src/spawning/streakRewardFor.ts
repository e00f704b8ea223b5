import type { Rarity } from '../drops/rarities.js'
import { STREAK_REWARDS } from '../drops/streakDrop.js'
import type { Progress } from '../progress/progressSchema.js'
import { viewProgress } from '../progress/viewProgress.js'
import { canonicalTimeZone } from '../time/canonicalTimeZone.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { localDayOf } from '../time/localDayOf.js'

/** A streak reward a player is due today. */
export interface StreakRewardDue {
  /** The streak day today is (or becomes with a find): a key of `STREAK_REWARDS`. */
  streakDay: number
  /** The least rarity the reward has. */
  atLeast: Rarity
  /** The player's local day (`dayNumberOf`), in their stored zone: once a day. */
  day: number
  /** The zone that day is counted in (the stored one, as `recordFind` counts). */
  timeZone: string
}

/**
 * The streak reward a player is due at `now`, or `null`: when today is (or,
 * with today's first find, becomes) day 3 or day 7 of their streak
 * (`STREAK_REWARDS`). Days are the player's local days in their stored zone,
 * exactly as `recordFind` counts the streak. Pure: "once a day" is the
 * caller's business (one reward per `day`).
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const due = streakRewardFor(progress, Date.now()) // { streakDay: 3, atLeast: 'rare', day: 20418, timeZone: 'Asia/Singapore' }
 * ```
 */
export function streakRewardFor(progress: Progress | null, now: number): StreakRewardDue | null {
  if (progress === null) return null
  const timeZone = canonicalTimeZone(progress.timeZone) ?? 'UTC'
  const view = viewProgress(progress, now, timeZone)
  const streakDay = view.keptToday ? view.streak : view.streak + 1
  const atLeast = (STREAK_REWARDS as Record<number, Rarity | undefined>)[streakDay]
  if (atLeast === undefined) return null
  return { streakDay, atLeast, day: dayNumberOf(localDayOf(now, timeZone)), timeZone }
}
