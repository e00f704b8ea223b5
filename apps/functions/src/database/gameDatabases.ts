import { createDatabaseRouter, type DatabaseTable } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'

/**
 * The database instances the game writes to (docs/data-model.md, "Database
 * instances"): regional data — `/drops`, `/spawned`, `/claims` of public
 * drops — on the instance of its region; a player's records on their player
 * instance; the leaderboard's scores and counter shards on the leaderboard
 * instances (each week's top and floor on the first); only what must be
 * global on the main instance (nonces, nullifiers, public cards, crowd
 * counters, run bookmarks).
 */
export interface GameDatabases {
  /** Nonces, nullifiers, public cards, crowd counters, run bookmarks, and every role without instances of its own. */
  readonly main: Database
  /** The instance holding a cell's (spawn or watch cell) drops, spawn markers and claims. */
  ofCell(cell: string): Database
  /** Every instance that may hold regional data, main first, each once (what the purge walks). */
  readonly regional: readonly Database[]
  /**
   * The instance holding `uid`'s records: profile, `/players` (the gate),
   * inventory, streak reward and its claim, streak-reward grants, spot
   * finds, notification state and its send-index entry.
   */
  ofPlayer(uid: string): Database
  /** The instance holding leaderboard counter shard `shard` (`counterShardOf(publicId)`): those players' scores and counters. */
  ofCounterShard(shard: number): Database
  /** The instance holding each week's materialised top and its floor. */
  readonly leaderboardHome: Database
  /** Every player instance, each once (what the purge and the nudges walk). */
  readonly players: readonly Database[]
  /** Every leaderboard instance, each once (what a rank read sums over, and the purge walks). */
  readonly leaderboards: readonly Database[]
  /** Every instance, main first, each once. */
  readonly all: readonly Database[]
}

/** One instance holding everything (tests, a small deployment), or a sharded set. */
export type Databases = Database | GameDatabases

/**
 * The sharded view of `databases`: a single `Database` holds everything.
 *
 * @example
 * ```ts
 * const { main, ofCell, ofPlayer } = gameDatabasesOf(getDatabase())
 * ```
 */
export function gameDatabasesOf(databases: Databases): GameDatabases {
  if ('ofCell' in databases) return databases
  const one = [databases] as const
  return {
    main: databases,
    ofCell: () => databases,
    regional: one,
    ofPlayer: () => databases,
    ofCounterShard: () => databases,
    leaderboardHome: databases,
    players: one,
    leaderboards: one,
    all: one,
  }
}

/**
 * The game's instances from the main one and the instance table
 * (`WORLDMAP_DATABASE_REGIONS`, `_PLAYERS`, `_LEADERBOARDS`; routed by
 * `createDatabaseRouter`, the same router the app and the bench use): each
 * URL is opened once, by `open`, when this is built.
 *
 * @example
 * ```ts
 * const databases = createGameDatabases(
 *   getDatabase(app),
 *   { regions: { w21: 'https://wm-sea-1.asia-southeast1.firebasedatabase.app' }, players: ['https://wm-p1.asia-southeast1.firebasedatabase.app'] },
 *   (url) => openAdminDatabase(app, url),
 * )
 * databases.ofCell('w21z73').ref('drops') // on wm-sea-1
 * databases.ofPlayer(uid).ref(`profiles/${uid}`) // on wm-p1
 * ```
 */
export function createGameDatabases(main: Database, table: DatabaseTable, open: (url: string) => Database): GameDatabases {
  // A key no URL can be: the main instance is whatever the app was initialised with.
  const MAIN = ''
  const router = createDatabaseRouter(MAIN, table)
  const instances = new Map<string, Database>(router.all.map((url) => [url, url === MAIN ? main : open(url)]))
  const of = (key: string) => instances.get(key) ?? main
  return {
    main,
    ofCell: (cell) => of(router.instanceOfCell(cell)),
    regional: router.instances.map(of),
    ofPlayer: (uid) => of(router.instanceOfPlayer(uid)),
    ofCounterShard: (shard) => of(router.instanceOfCounterShard(shard)),
    leaderboardHome: of(router.leaderboardHome),
    players: router.playerInstances.map(of),
    leaderboards: router.leaderboardInstances.map(of),
    all: [...instances.values()],
  }
}
