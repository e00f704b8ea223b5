import type { LeaderboardSection } from './LeaderboardSection.js'

/**
 * Load {@link LeaderboardSection} on demand: the board, its schema and its
 * styles come after the rest of home has painted, as their own chunk.
 *
 * @example
 * ```ts
 * const Section = await loadLeaderboardSection()
 * ```
 */
export async function loadLeaderboardSection(): Promise<typeof LeaderboardSection> {
  return (await import('./LeaderboardSection.js')).LeaderboardSection
}
