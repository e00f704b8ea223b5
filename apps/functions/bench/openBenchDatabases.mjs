import { createDatabaseRouter, instanceListSchema, regionTableSchema } from '@worldmap/game'
import { getDatabaseWithUrl } from 'firebase-admin/database'
import { atDatabaseHost } from '../../../tooling/test-utils/databaseEmulatorHost.mjs'

/**
 * @typedef {import('firebase-admin/database').Database} Database
 * @typedef {object} BenchDatabases
 * @property {Database} main  What must be global (crowd counters, nonces, …), every region without an entry in
 *   the table, and the players' and leaderboard's data when no instance is named for them.
 * @property {string} mainUrl  The main instance's URL (`stack.urls.databases[0]`).
 * @property {Readonly<Record<string, string>>} table  The region table: geohash prefix → instance URL.
 * @property {(cell: string) => string} instanceOfCell  The URL of the instance holding a cell's drops, spawn markers
 *   and claims (the router the functions and the app use).
 * @property {(cell: string) => Database} ofCell  That instance's Admin SDK handle.
 * @property {(uid: string) => string} instanceOfPlayer  The URL of the instance holding a player's records (the
 *   router the functions and the app use).
 * @property {import('@worldmap/game').DatabaseRouter} router  The whole table: regions, players, leaderboard.
 * @property {{ url: string, index: number, database: Database }[]} instances  Every instance, main first (index =
 *   its place in `stack.urls.databases` and in `stack.databaseStats()`).
 */

/**
 * The Admin SDK's handle on one local database stand-in. firebase-admin sends
 * every instance to `FIREBASE_DATABASE_EMULATOR_HOST` when that is set,
 * keeping only the namespace, and reads it once, when it creates the handle:
 * so the variable names this instance's own host for that moment, and is
 * restored afterwards (the functions do the same: openAdminDatabase.ts).
 *
 * @param {import('firebase-admin/app').App} app
 * @param {string} url  `http://127.0.0.1:PORT/?ns=NAMESPACE`
 * @returns {Database}
 * @example
 * ```js
 * const r1 = openLocalDatabase(admin, 'http://127.0.0.1:9727/?ns=demo-worldmap-r1')
 * ```
 */
export function openLocalDatabase(app, url) {
  return atDatabaseHost(url, () => getDatabaseWithUrl(url, app))
}

/**
 * The bench's Admin SDK handles on every database instance of the stack, and
 * the router over them, built from what the stack gave the functions
 * (`stack.urls.databases`, main first, the region table
 * `stack.databaseRegions` and the player and leaderboard lists
 * `stack.databasePlayers`, `stack.databaseLeaderboards`, parsed with the
 * functions' schemas). So the bench watches, seeds and audits regional data
 * and player records on the instance the functions write them to.
 *
 * @param {import('firebase-admin/app').App} app
 * @param {{ urls: { databases?: string[], database: string }, databaseRegions?: string, databasePlayers?: string,
 *   databaseLeaderboards?: string, ports: { database: number } }} stack
 * @param {string} projectId  The main namespace, for a stack that names no `urls.databases`.
 * @returns {BenchDatabases}
 * @example
 * ```js
 * const databases = openBenchDatabases(admin, stack, 'demo-worldmap')
 * databases.ofCell('w21z73').ref('drops') // region instance 1 with the table `w21=…-r1`
 * ```
 */
export function openBenchDatabases(app, stack, projectId) {
  const urls = stack.urls.databases?.length ? stack.urls.databases : [`http://127.0.0.1:${stack.ports.database}/?ns=${projectId}`]
  const mainUrl = /** @type {string} */ (urls[0])
  const table = regionTableSchema.parse(stack.databaseRegions ?? '')
  const players = instanceListSchema.parse(stack.databasePlayers ?? '')
  const leaderboards = instanceListSchema.parse(stack.databaseLeaderboards ?? '')
  for (const url of [...Object.values(table), ...players, ...leaderboards]) {
    if (!urls.includes(url)) throw new Error(`a database table names ${url}, which is not one of the stack's databases`)
  }
  const router = createDatabaseRouter(mainUrl, { regions: table, players, leaderboards })
  const instances = urls.map((url, index) => ({ url, index, database: openLocalDatabase(app, url) }))
  const byUrl = new Map(instances.map((instance) => [instance.url, instance.database]))
  const main = /** @type {Database} */ (byUrl.get(mainUrl))
  return {
    main,
    mainUrl,
    table,
    instanceOfCell: (cell) => router.instanceOfCell(cell),
    instanceOfPlayer: (uid) => router.instanceOfPlayer(uid),
    router,
    ofCell: (cell) => byUrl.get(router.instanceOfCell(cell)) ?? main,
    instances,
  }
}
