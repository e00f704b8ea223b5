import { createRegionRouter } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'

/**
 * The database instances the game writes to (docs/scale.md, "Sharding by
 * region"): regional data — `/drops`, `/spawned`, `/claims` — on the
 * instance of its region, everything else on the main instance.
 */
export interface GameDatabases {
  /** Profiles, players, inventories, leaderboards, nonces, crowd counters, and every region without an instance of its own. */
  readonly main: Database
  /** The instance holding a cell's (spawn or watch cell) drops, spawn markers and claims. */
  ofCell(cell: string): Database
  /** Every instance that may hold regional data, main first, each once (what the purge walks). */
  readonly regional: readonly Database[]
}

/** One instance holding everything (tests, a small deployment), or a sharded set. */
export type Databases = Database | GameDatabases

/**
 * The sharded view of `databases`: a single `Database` holds everything.
 *
 * @example
 * ```ts
 * const { main, ofCell } = gameDatabasesOf(getDatabase())
 * ```
 */
export function gameDatabasesOf(databases: Databases): GameDatabases {
  if ('ofCell' in databases) return databases
  return { main: databases, ofCell: () => databases, regional: [databases] }
}

/**
 * The game's instances from the main one and the region table
 * (`WORLDMAP_DATABASE_REGIONS`, `regionTableSchema`): each region URL is
 * opened once, by `open`, when this is built.
 *
 * @example
 * ```ts
 * const databases = createGameDatabases(getDatabase(app), { w21: 'https://wm-sea-1.asia-southeast1.firebasedatabase.app' }, (url) =>
 *   openAdminDatabase(app, url),
 * )
 * databases.ofCell('w21z73').ref('drops') // on wm-sea-1
 * ```
 */
export function createGameDatabases(
  main: Database,
  regions: Readonly<Record<string, string>>,
  open: (url: string) => Database,
): GameDatabases {
  // A key no URL can be: the main instance is whatever the app was initialised with.
  const MAIN = ''
  const router = createRegionRouter(MAIN, regions)
  const instances = new Map<string, Database>(router.instances.map((url) => [url, url === MAIN ? main : open(url)]))
  const of = (key: string) => instances.get(key) ?? main
  return {
    main,
    ofCell: (cell) => of(router.instanceOfCell(cell)),
    regional: [...instances.values()],
  }
}
