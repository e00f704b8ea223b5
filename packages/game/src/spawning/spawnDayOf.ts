import { SPAWN_WINDOW_MS } from '../drops/spawnWindow.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The UTC day (days since 1970-01-01) a spawn window belongs to: 48 windows
 * a day, the first starting at 00:00 UTC. Spots are fixed for this day, and
 * a player finds each spot at most once in it.
 *
 * @example
 * ```ts
 * spawnDayOf(spawnWindowOf(Date.UTC(2025, 10, 26, 9)).index) // 20418
 * ```
 */
export function spawnDayOf(window: number): number {
  return Math.floor((window * SPAWN_WINDOW_MS) / DAY_MS)
}
