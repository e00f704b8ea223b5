import type { ProgressView } from '@worldmap/game'

/** What a find set off, beyond the item: the day's goal met, or the streak carried into a new day. */
export interface Celebration {
  /** `goalMet` wins when one find does both (a goal of one). */
  kind: 'goalMet' | 'streakExtended'
  /** The streak after this find, in days. */
  streak: number
}

/** What the reveal shows of a find's reward (see {@link catchMomentOf}). */
export interface CatchMoment {
  /** Weekly points earned; `null` when none (not ranked) or not sent (an older server). */
  points: number | null
  /** The day's goal ring, filling from before this find to after it; `null` without progress. */
  ring: { from: number; to: number; goal: number } | null
  /** The celebration this find earned, if any. */
  celebration: Celebration | null
}

/**
 * The reward side of a catch, from the `collectDrop` reply's `points` and
 * `progress` (`viewProgress` just after the find, so `today` counts it):
 *
 * - the ring fills from `today − 1` to `today` (the goal ring stays full past the goal);
 * - the goal is **met by this find** when `today` is exactly the goal (the
 *   fourth find of the day does not celebrate again);
 * - the streak is **extended by this find** when it is the day's first
 *   (`today` 1) and the streak is 2 or more: yesterday's streak carried on.
 *   A first day (streak 1) starts a streak, it does not extend one.
 *
 * A repeated reply (a Retry after a lost answer) reports the same day as
 * the first, so it reveals the same moment.
 *
 * @example
 * ```ts
 * catchMomentOf(5, { today: 3, goal: 3, goalMet: true, streak: 4, best: 4, keptToday: true })
 * // { points: 5, ring: { from: 2, to: 3, goal: 3 }, celebration: { kind: 'goalMet', streak: 4 } }
 * ```
 */
export function catchMomentOf(points: number | undefined, progress: ProgressView | undefined): CatchMoment {
  const earned = points !== undefined && points > 0 ? points : null
  if (!progress || progress.today < 1) return { points: earned, ring: null, celebration: null }
  const { today, goal, streak } = progress
  const ring = { from: today - 1, to: today, goal }
  const celebration: Celebration | null =
    goal > 0 && today === goal
      ? { kind: 'goalMet', streak }
      : today === 1 && streak >= 2
        ? { kind: 'streakExtended', streak }
        : null
  return { points: earned, ring, celebration }
}
