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
 * @param {{ port: number, projectId: string, drops: { id: string, lat: number, lng: number }[], ranked?: boolean }} options
 *   `port`: the database port; `drops`: live drops in the public layout, nobody's claim yet.
 * @returns {Promise<{ collects: number, downBytesPerCollect: number, upBytesPerCollect: number, msPerCollect: number }>}
 * @example
 * ```js
 * const perCollect = await measureCollectBytes({ port: stack.ports.database, projectId, drops })
 * ```
 */
export async function measureCollectBytes({ port, projectId, drops, ranked = true }) {
  const collectDropInDatabase = await loadCollectDropInDatabase()
  const proxy = await startCountingProxy(port)
  const apps = []
  /** A fresh Admin SDK connection through the proxy (firebase-admin reads the emulator host when the database is created). */
  const connect = () => {
    const url = `http://127.0.0.1:${proxy.port}/?ns=${projectId}`
    const app = initializeApp({ projectId, databaseURL: url }, `bench-collect-bytes-${Date.now()}-${apps.length}`)
    apps.push(app)
    return openLocalDatabase(app, url)
  }
  try {
    const players = drops.map(() => `0x${randomBytes(20).toString('hex')}`)
    await connect()
      .ref()
      .update(
        Object.fromEntries(
          players.flatMap((uid) => [
            [`${databasePaths.profile(uid)}/verifiedLevel`, 'orb'],
            ...(ranked ? [[`${databasePaths.profile(uid)}/publicId`, `p${randomBytes(12).toString('hex')}`]] : []),
          ]),
        ),
      )
    let down = 0
    let up = 0
    let ms = 0
    for (const [index, drop] of drops.entries()) {
      // One connection per collect, closed after it: the local stand-in never drops a listener (it ignores
      // "unlisten"), so on a shared connection every change of a shared node (a histogram bucket, the top) would be
      // pushed again to all the earlier transactions' listeners — bytes production never sends. The connection
      // and its auth are opened first and not counted: an instance serves many collects on one connection.
      const database = connect()
      await database.ref(`.info/serverTimeOffset`).once('value')
      await database
        .ref(databasePaths.profile(/** @type {string} */ (players[index])))
        .child('verifiedLevel')
        .once('value')
      const before = { down: proxy.bytes.down, up: proxy.bytes.up }
      const started = performance.now()
      const uid = /** @type {string} */ (players[index])
      const fix = { lat: drop.lat, lng: drop.lng, accuracy: 5, timeZone: 'Asia/Singapore' }
      await collectDropInDatabase(database, { uid, dropId: drop.id, ...fix }, Date.now())
      ms += performance.now() - started
      down += proxy.bytes.down - before.down
      up += proxy.bytes.up - before.up
      // Closed before the next collect, whose writes the stand-in would otherwise push to this one's old listeners.
      await deleteApp(/** @type {import('firebase-admin/app').App} */ (apps.pop()))
    }
    return {
      collects: drops.length,
      downBytesPerCollect: Math.round(down / drops.length),
      upBytesPerCollect: Math.round(up / drops.length),
      msPerCollect: Math.round(ms / drops.length),
    }
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app).catch(() => {})))
    await proxy.close()
  }
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
