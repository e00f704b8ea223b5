import { getLeaderboardContract } from '@worldmap/game/contract'
import { createPublicCardCache } from '../database/createPublicCardCache.js'
import { type Databases, gameDatabasesOf } from '../database/gameDatabases.js'
import { type LeaderboardResult, readLeaderboard } from '../database/readLeaderboard.js'
import { defineCallable } from './defineCallable.js'
import type { CallableHandlerOptions } from './toHttpsError.js'

/** What `getLeaderboard` needs, resolved when a request arrives. */
export interface GetLeaderboardDependencies {
  /** One instance, or the sharded set: the caller's profile on their player instance, the board on the leaderboard instances. */
  database: Databases
  /** The origins avatars may come from; any other avatar is not shown. @default none */
  avatarOrigins?: readonly string[]
  /** Server clock, ms. @default Date.now */
  now?: () => number
}

/**
 * The `getLeaderboard({})` callable: this week's board of verified humans
 * (weeks run Monday 00:00 UTC to Monday 00:00 UTC) for a signed-in player —
 * the top 50 with names and avatars from their public cards, as
 * `publicCardOf` shows them (World's username or a generated name, an avatar
 * only from an allowed origin and only beside World's username; ties share
 * a rank), and the caller's own rank and points, also outside the top 50.
 * Only orb-verified players are ranked, one entry per human. The reply never
 * holds a uid, wallet address or public id; the board itself is server-only
 * in the database. The rows' public cards are cached per instance for a
 * minute (`createPublicCardCache`), so a call costs a handful of reads, not
 * one per row.
 *
 * Errors (`details.code` in parentheses): `unauthenticated`
 * (`unauthenticated`), `invalid-argument` (`invalid_request`: anything but
 * `{}`); anything else → `internal` (logged).
 *
 * @example
 * ```ts
 * export const getLeaderboard = onCall({ region: 'asia-southeast1' }, createGetLeaderboardHandler(() => ({
 *   database: getDatabase(),
 * })))
 * ```
 */
export function createGetLeaderboardHandler(
  dependencies: () => GetLeaderboardDependencies,
  options: CallableHandlerOptions = {},
) {
  const cards = createPublicCardCache()
  return defineCallable(
    getLeaderboardContract,
    {
      run: async ({ uid }): Promise<LeaderboardResult> => {
        const { database, avatarOrigins = [], now = Date.now } = dependencies()
        const time = now()
        // First: a player a table switch moved has their records moved before anything reads them.
        const databases = await gameDatabasesOf(database).forPlayer(uid, time)
        return readLeaderboard(databases, uid, time, { cards, avatarOrigins })
      },
    },
    options,
  )
}
