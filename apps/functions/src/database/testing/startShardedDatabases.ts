import { createGameDatabases, type GameDatabases } from '../gameDatabases.js'
import { startTestDatabase, type TestDatabase } from './startTestDatabase.js'

/** Stand-ins for every role, each a database of its own, and the game's view of them. */
export interface ShardedDatabases {
  databases: GameDatabases
  main: TestDatabase
  /** Holds the regions of {@link ShardedDatabasesOptions.regions}. */
  region: TestDatabase
  players: TestDatabase[]
  leaderboards: TestDatabase[]
  /** Every stand-in, main first. */
  all: TestDatabase[]
  /** Empty every stand-in. */
  clear(): Promise<void>
  close(): Promise<void>
}

/** How many of each role, and which regions the region instance takes. */
export interface ShardedDatabasesOptions {
  /** Geohash prefixes routed to the region instance. @default ['w21'] (Singapore) */
  regions?: readonly string[]
  /** @default 1 */
  players?: number
  /** @default 1 */
  leaderboards?: number
}

/**
 * Test helper: a main, a region, `players` player and `leaderboards`
 * leaderboard instances, all distinct in-process stand-ins, routed as the
 * functions route a deployment's table (`createGameDatabases`), so a test
 * sees which instance every write went to.
 *
 * @example
 * ```ts
 * const sharded = await startShardedDatabases({ players: 2, leaderboards: 2 })
 * await collectDropInDatabase(sharded.databases, input, now)
 * await sharded.close()
 * ```
 */
export async function startShardedDatabases(options: ShardedDatabasesOptions = {}): Promise<ShardedDatabases> {
  const playerCount = options.players ?? 1
  const leaderboardCount = options.leaderboards ?? 1
  const started = await Promise.all(Array.from({ length: 2 + playerCount + leaderboardCount }, () => startTestDatabase()))
  const [main, region] = started as [TestDatabase, TestDatabase]
  const players = started.slice(2, 2 + playerCount)
  const leaderboards = started.slice(2 + playerCount)
  const byUrl = new Map(started.map((db) => [db.url, db]))
  const databases = createGameDatabases(
    main.database,
    {
      regions: Object.fromEntries((options.regions ?? ['w21']).map((prefix) => [prefix, region.url])),
      players: players.map((db) => db.url),
      leaderboards: leaderboards.map((db) => db.url),
    },
    (url) => {
      const db = byUrl.get(url)
      if (!db) throw new Error(`no stand-in at ${url}`)
      return db.database
    },
  )
  return {
    databases,
    main,
    region,
    players,
    leaderboards,
    all: started,
    clear: async () => {
      await Promise.all(started.map((db) => db.database.ref().set(null)))
    },
    close: async () => {
      await Promise.all(started.map((db) => db.close()))
    },
  }
}
