/** Length of a spawn window: drops live for one window, then new ones appear. */
export const SPAWN_WINDOW_MS = 30 * 60 * 1000

/** One spawn window: its number (the database key) and its time span, ms. */
export interface SpawnWindow {
  /** `floor(time / SPAWN_WINDOW_MS)`: the key of `/drops/{window}` and `/claims/{window}`. */
  index: number
  /** First millisecond of the window (drops' `spawnedAt`). */
  start: number
  /** First millisecond after it (drops' `expiresAt`). */
  end: number
}

/**
 * The spawn window containing `time` (ms since the epoch). Windows key the
 * drops and claims in the database, so expiring a whole window is deleting
 * one branch, never scanning the world.
 *
 * @example
 * ```ts
 * spawnWindowOf(Date.UTC(2026, 10, 23, 9, 45)) // { index: 997_459, start: …09:30Z, end: …10:00Z }
 * ```
 */
export function spawnWindowOf(time: number): SpawnWindow {
  const index = Math.floor(time / SPAWN_WINDOW_MS)
  return { index, start: index * SPAWN_WINDOW_MS, end: (index + 1) * SPAWN_WINDOW_MS }
}
