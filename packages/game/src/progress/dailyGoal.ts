/**
 * Finds a day that meet the daily goal: reachable on a short walk, and three
 * finds give the day's progress bar a few steps.
 *
 * @example
 * ```ts
 * const goalMet = today >= DAILY_GOAL
 * ```
 */
export const DAILY_GOAL = 3
