import { databasePaths, LEADERBOARD_BLOCK_POINTS } from '@worldmap/game'
import { counterShardOf, sortTop, TOP_SIZE, type TopEntry } from '../syncLeaderboardScore.js'

/** A player to put on a seeded board. */
export interface SeededPlayer {
  publicId: string
  points: number
  /** When they reached their points, ms. @default 1 */
  at?: number
  /** Their public card's username (none when omitted). */
  username?: string
  profilePictureUrl?: string
}

/**
 * Test helper: the multi-path update that puts `players` on week `week`'s
 * board exactly as `syncLeaderboardScore` leaves it (scores, histogram and
 * block totals, top 50, floor) plus their public cards, for `database.ref().update(…)` —
 * a big board in one write instead of a sync per player. Players already on
 * the board are not merged: seed each week once.
 *
 * @example
 * ```ts
 * await admin.database.ref().update(seedLeaderboard(week, [{ publicId, points: 40, username: 'ana' }]))
 * ```
 */
export function seedLeaderboard(week: number, players: SeededPlayer[]): Record<string, unknown> {
  const update: Record<string, unknown> = {}
  // Counter path (bucket or block, with the player's shard) → count.
  const counters = new Map<string, number>()
  const count = (path: string) => counters.set(path, (counters.get(path) ?? 0) + 1)
  const top: Record<string, TopEntry> = {}
  for (const { publicId, points, at = 1, username, profilePictureUrl } of players) {
    update[databasePaths.leaderboardScore(week, publicId)] = { points, at, counted: points }
    const shard = counterShardOf(publicId)
    count(`${databasePaths.leaderboardBucket(week, points)}/${shard}`)
    count(`${databasePaths.leaderboardBlock(week, Math.floor(points / LEADERBOARD_BLOCK_POINTS))}/${shard}`)
    top[publicId] = { points, at }
    update[databasePaths.publicProfile(publicId)] = {
      verified: true,
      ...(username === undefined ? {} : { username }),
      ...(profilePictureUrl === undefined ? {} : { profilePictureUrl }),
    }
  }
  for (const [path, n] of counters) update[path] = { n }
  const kept = sortTop(top).slice(0, TOP_SIZE)
  update[databasePaths.leaderboardTop(week)] = Object.fromEntries(kept)
  if (kept.length === TOP_SIZE) update[databasePaths.leaderboardFloor(week)] = kept.at(-1)?.[1].points
  return update
}
