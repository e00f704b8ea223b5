import type { Progress } from '@worldmap/game'

/**
 * Test helper: a stored progress whose last find was on local `day`, with a
 * streak of `streak`, counted in `timeZone` (one find that day).
 *
 * @example
 * ```ts
 * progressOn('2026-11-25', 5) // a 5-day streak kept yesterday, in Singapore
 * ```
 */
export function progressOn(day: string, streak: number, timeZone = 'Asia/Singapore'): Progress {
  return { timeZone, day, today: 1, streak, best: streak, updatedAt: 0 }
}
