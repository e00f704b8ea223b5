import { createSwitchedRouter, type DatabaseRouter, type DatabaseTable, type TableSwitch } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { PlayerMovingError } from './errors/PlayerMovingError.js'
import { movePlayer } from './movePlayer.js'

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
  /**
   * The instance holding a cell's (spawn or watch cell) drops, spawn markers
   * and claims of spawn window `window`: a table switch moves a region from
   * its first window on, so an older window's records stay where they were.
   */
  ofCell(cell: string, window: number): Database
  /** Every instance that may hold regional data (under either table of a switch), main first, each once (what the purge walks). */
  readonly regional: readonly Database[]
  /**
   * The instance holding `uid`'s records: profile, `/players` (the gate),
   * inventory, streak reward and its claim, streak-reward grants, spot
   * finds, notification state and its send-index entry. Across a table
   * switch: where they are at the moment of the call (`forPlayer`), or else
   * at the clock's now.
   */
  ofPlayer(uid: string): Database
  /** The instance holding leaderboard counter shard `shard` (`counterShardOf(publicId)`) of week `week`: those players' scores and counters. */
  ofCounterShard(shard: number, week: number): Database
  /** The instance holding week `week`'s materialised top and its floor. */
  leaderboardHomeOf(week: number): Database
  /** Week `week`'s leaderboard instances, each once (what a rank read sums over). */
  leaderboardsOf(week: number): readonly Database[]
  /** Every player instance (under either table of a switch), each once (what the purge and the nudges walk). */
  readonly players: readonly Database[]
  /** Every leaderboard instance (under either table of a switch), each once (what the purge walks). */
  readonly leaderboards: readonly Database[]
  /** Every instance, main first, each once. */
  readonly all: readonly Database[]
  /**
   * The instances for one call of `uid` at `now`, its entry point's first
   * step: players routed as at `now` for the whole call, after moving
   * `uid`'s records to their new instance if a table switch moved the
   * player (`movePlayer`: once, idempotent). Without a switch, this view.
   *
   * @throws {PlayerMovingError} another run is moving the player and did not finish while this call waited.
   */
  forPlayer(uid: string, now: number): Promise<GameDatabases>
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
  const single: GameDatabases = {
    main: databases,
    ofCell: () => databases,
    regional: one,
    ofPlayer: () => databases,
    ofCounterShard: () => databases,
    leaderboardHomeOf: () => databases,
    leaderboardsOf: () => one,
    players: one,
    leaderboards: one,
    all: one,
    forPlayer: async () => single,
  }
  return single
}

/** How {@link createGameDatabases} routes over time. */
export interface GameDatabasesOptions {
  /**
   * A table switch (`WORLDMAP_DATABASE_SWITCH_DAY` and the `_NEXT_` tables,
   * `createSwitchedRouter`): regional data by its spawn window, leaderboards
   * by their week, players moved once after the switch's grace.
   */
  change?: TableSwitch | undefined
  /** The clock players are routed by outside a call's pinned moment (`forPlayer`). @default Date.now */
  now?: () => number
}

/** Tries of a move another run holds (`movePlayer`'s `busy`), and the wait between them: a copy takes milliseconds. */
const MOVE_TRIES = 5
const MOVE_RETRY_MS = 200
/** Players this instance has seen settled after a switch: a later call skips the move's reads. Bounded; cleared when full. */
const SETTLED_LIMIT = 50_000

/**
 * The game's instances from the main one and the instance table
 * (`WORLDMAP_DATABASE_REGIONS`, `_PLAYERS`, `_LEADERBOARDS`; routed by
 * `createDatabaseRouter`, the same router the app and the bench use), and,
 * with `options.change`, the next table from the switch on
 * (`createSwitchedRouter`): each URL of either table is opened once, by
 * `open`, when this is built.
 *
 * @example
 * ```ts
 * const databases = createGameDatabases(
 *   getDatabase(app),
 *   { regions: { w21: 'https://wm-sea-1.asia-southeast1.firebasedatabase.app' }, players: ['https://wm-p1.asia-southeast1.firebasedatabase.app'] },
 *   (url) => openAdminDatabase(app, url),
 * )
 * databases.ofCell('w21z73', window).ref('drops') // on wm-sea-1
 * const call = await databases.forPlayer(uid, Date.now())
 * call.ofPlayer(uid).ref(`profiles/${uid}`) // on wm-p1
 * ```
 */
export function createGameDatabases(
  main: Database,
  table: DatabaseTable,
  open: (url: string) => Database,
  options: GameDatabasesOptions = {},
): GameDatabases {
  // A key no URL can be: the main instance is whatever the app was initialised with.
  const MAIN = ''
  const router = createSwitchedRouter(MAIN, table, options.change)
  const clock = options.now ?? Date.now
  const instances = new Map<string, Database>(router.all.map((url) => [url, url === MAIN ? main : open(url)]))
  const of = (key: string) => instances.get(key) ?? main
  const tables = router.next ? [router.current, router.next] : [router.current]
  const union = (pick: (table: DatabaseRouter) => readonly string[]) => [...new Set(tables.flatMap(pick))].map(of)
  const leaderboardsOf = new Map(tables.map((table) => [table, table.leaderboardInstances.map(of)]))
  const settled = new Set<string>()
  const shared = {
    main,
    ofCell: (cell: string, window: number) => of(router.forWindow(window).instanceOfCell(cell)),
    regional: union((table) => table.instances),
    ofCounterShard: (shard: number, week: number) => of(router.forWeek(week).instanceOfCounterShard(shard)),
    leaderboardHomeOf: (week: number) => of(router.forWeek(week).leaderboardHome),
    leaderboardsOf: (week: number) => leaderboardsOf.get(router.forWeek(week)) ?? [main],
    players: union((table) => table.playerInstances),
    leaderboards: union((table) => table.leaderboardInstances),
    all: [...instances.values()],
  }
  /** Move `uid`'s records if the switch moved them and this instance has not seen them settled. */
  const settle = async (uid: string, now: number): Promise<void> => {
    const { instance, from } = router.playerAt(uid, now)
    if (from === null || settled.has(uid)) return
    for (let tries = 1; ; tries++) {
      const { outcome } = await movePlayer(of(from), of(instance), uid, now)
      if (outcome !== 'busy') break
      if (tries === MOVE_TRIES) throw new PlayerMovingError()
      await new Promise((resolve) => setTimeout(resolve, MOVE_RETRY_MS))
    }
    if (settled.size >= SETTLED_LIMIT) settled.clear()
    settled.add(uid)
  }
  const databases: GameDatabases = {
    ...shared,
    // Without a switch the clock is not read: every moment routes alike.
    ofPlayer:
      router.at === null
        ? (uid) => of(router.current.instanceOfPlayer(uid))
        : (uid) => of(router.playerAt(uid, clock()).instance),
    forPlayer: async (uid, now) => {
      // Without a switch every moment routes alike: this view, as before.
      if (router.at === null) return databases
      await settle(uid, now)
      const pinned: GameDatabases = {
        ...shared,
        ofPlayer: (player) => of(router.playerAt(player, now).instance),
        forPlayer: databases.forPlayer,
      }
      return pinned
    },
  }
  return databases
}
