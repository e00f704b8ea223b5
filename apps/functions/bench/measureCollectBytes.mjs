import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { databasePaths } from '@worldmap/game'
import { build } from 'esbuild'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { openLocalDatabase } from './openBenchDatabases.mjs'
import { startCountingProxy } from './startCountingProxy.mjs'

const functionsDir = fileURLToPath(new URL('../', import.meta.url))

/**
 * What one successful collect costs the database, measured on the wire: the
 * functions' own `collectDropInDatabase` (bundled from source, so it is the
 * code that runs), on an Admin SDK connection of its own through a counting
 * proxy, collects `count` live drops, one fresh verified player each, standing
 * on the drop. Bytes down are what Realtime Database bills (data sent to the
 * function); the fan-out to players watching the cell comes on top.
 *
 * With `ranked` (the default) the players are orb-verified humans with a
 * public id, as every player of `verifyHuman` is: each collect also puts its
 * points on the weekly leaderboard. `ranked: false` measures the collect
 * without the board.
 *
 * With `region` the drops live on a region instance (sharding, docs/scale.md):
 * each collect gets a connection to both instances, each through its own
 * counting proxy, and the functions' code reads and writes the drop, its
 * claim and `delivered` on the region instance and the player's data on main,
 * as it does in production. `main` and `region` split the bytes.
 *
 * @param {{ port: number, projectId: string, drops: { id: string, lat: number, lng: number }[], ranked?: boolean,
 *   region?: { port: number, namespace: string } }} options
 *   `port`: the main database's port; `drops`: live drops in the public layout, nobody's claim yet, all on the main
 *   instance, or all on `region`.
 * @returns {Promise<{ collects: number, downBytesPerCollect: number, upBytesPerCollect: number, msPerCollect: number,
 *   main: { down: number, up: number }, region: { down: number, up: number } | null }>}  Bytes per collect.
 * @example
 * ```js
 * const perCollect = await measureCollectBytes({ port: stack.ports.database, projectId, drops })
 * const crossing = await measureCollectBytes({ port: 9650, projectId, drops: singaporeDrops, region: { port: 9727, namespace: 'demo-worldmap-r1' } })
 * ```
 */
export async function measureCollectBytes({ port, projectId, drops, ranked = true, region }) {
  const collectDropInDatabase = await loadCollectDropInDatabase()
  const proxy = await startCountingProxy(port)
  const regionProxy = region ? await startCountingProxy(region.port) : null
  /** @type {import('firebase-admin/app').App[]} */
  const apps = []
  /**
   * Fresh Admin SDK connections through the proxies (firebase-admin reads the emulator host when the database is
   * created): the main instance, and the region instance when there is one.
   */
  const connect = () => {
    const url = `http://127.0.0.1:${proxy.port}/?ns=${projectId}`
    const app = initializeApp({ projectId, databaseURL: url }, `bench-collect-bytes-${Date.now()}-${apps.length}`)
    apps.push(app)
    const main = openLocalDatabase(app, url)
    const regional =
      region && regionProxy ? openLocalDatabase(app, `http://127.0.0.1:${regionProxy.port}/?ns=${region.namespace}`) : null
    return { app, main, regional }
  }
  const counted = () => ({
    main: { ...proxy.bytes },
    region: regionProxy ? { ...regionProxy.bytes } : { down: 0, up: 0 },
  })
  try {
    const players = drops.map(() => `0x${randomBytes(20).toString('hex')}`)
    const setup = connect()
    await setup.main
      .ref()
      .update(
        Object.fromEntries(
          players.flatMap((uid) => [
            [`${databasePaths.profile(uid)}/verifiedLevel`, 'orb'],
            ...(ranked ? [[`${databasePaths.profile(uid)}/publicId`, `p${randomBytes(12).toString('hex')}`]] : []),
          ]),
        ),
      )
    await deleteApp(setup.app)
    apps.length = 0
    const sum = { main: { down: 0, up: 0 }, region: { down: 0, up: 0 } }
    let ms = 0
    for (const [index, drop] of drops.entries()) {
      // One connection per collect, closed after it: the local stand-in never drops a listener (it ignores
      // "unlisten"), so on a shared connection every change of a shared node (a histogram bucket, the top) would be
      // pushed again to all the earlier transactions' listeners — bytes production never sends. The connection
      // and its auth are opened first and not counted: an instance serves many collects on one connection.
      const { app, main, regional } = connect()
      await main.ref(`.info/serverTimeOffset`).once('value')
      await main
        .ref(databasePaths.profile(/** @type {string} */ (players[index])))
        .child('verifiedLevel')
        .once('value')
      await regional?.ref(`.info/serverTimeOffset`).once('value')
      const before = counted()
      const started = performance.now()
      const uid = /** @type {string} */ (players[index])
      const fix = { lat: drop.lat, lng: drop.lng, accuracy: 5, timeZone: 'Asia/Singapore' }
      const databases = regional ? databasesOf(main, regional) : main
      await collectDropInDatabase(databases, { uid, dropId: drop.id, ...fix }, Date.now())
      ms += performance.now() - started
      const after = counted()
      for (const side of /** @type {const} */ (['main', 'region'])) {
        sum[side].down += after[side].down - before[side].down
        sum[side].up += after[side].up - before[side].up
      }
      // Closed before the next collect, whose writes the stand-in would otherwise push to this one's old listeners.
      await deleteApp(app)
      apps.pop()
    }
    const per = (/** @type {number} */ bytes) => Math.round(bytes / drops.length)
    return {
      collects: drops.length,
      downBytesPerCollect: per(sum.main.down + sum.region.down),
      upBytesPerCollect: per(sum.main.up + sum.region.up),
      msPerCollect: Math.round(ms / drops.length),
      main: { down: per(sum.main.down), up: per(sum.main.up) },
      region: regionProxy ? { down: per(sum.region.down), up: per(sum.region.up) } : null,
    }
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app).catch(() => {})))
    await Promise.all([proxy.close(), regionProxy?.close()])
  }
}

/**
 * The functions' GameDatabases shape for these collects: the drops all on the region instance; the players'
 * records and the leaderboard on main here, so one proxy counts what a collect moves for them.
 *
 * @param {import('firebase-admin/database').Database} main
 * @param {import('firebase-admin/database').Database} regional
 */
function databasesOf(main, regional) {
  const databases = {
    main,
    ofCell: () => regional,
    regional: [main, regional],
    ofPlayer: () => main,
    ofCounterShard: () => main,
    leaderboardHomeOf: () => main,
    leaderboardsOf: () => [main],
    players: [main],
    leaderboards: [main],
    all: [main, regional],
    // No table switch here: a call's view is this one.
    forPlayer: async () => databases,
  }
  return databases
}

/** The functions' `collectDropInDatabase`, bundled from source (firebase-admin stays external). */
async function loadCollectDropInDatabase() {
  const result = await build({
    entryPoints: [join(functionsDir, 'src/database/collectDropInDatabase.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['firebase-admin', 'firebase-admin/*'],
    write: false,
    logLevel: 'error',
  })
  // Next to this file, so the bundle resolves firebase-admin from the functions' node_modules.
  const dir = mkdtempSync(join(functionsDir, 'bench/.collect-'))
  const file = join(dir, 'collectDropInDatabase.mjs')
  try {
    writeFileSync(file, result.outputFiles[0].contents)
    return (await import(pathToFileURL(file).href)).collectDropInDatabase
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
