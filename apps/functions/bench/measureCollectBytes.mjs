import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { databasePaths } from '@worldmap/game'
import { build } from 'esbuild'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getDatabase } from 'firebase-admin/database'
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
 * @param {{ port: number, projectId: string, drops: { id: string, lat: number, lng: number }[] }} options
 *   `port`: the database port; `drops`: live drops in the public layout, nobody's claim yet.
 * @returns {Promise<{ collects: number, downBytesPerCollect: number, upBytesPerCollect: number, msPerCollect: number }>}
 * @example
 * ```js
 * const perCollect = await measureCollectBytes({ port: stack.ports.database, projectId, drops })
 * ```
 */
export async function measureCollectBytes({ port, projectId, drops }) {
  const collectDropInDatabase = await loadCollectDropInDatabase()
  const proxy = await startCountingProxy(port)
  const previousHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST
  const app = initializeApp(
    { projectId, databaseURL: `http://127.0.0.1:${proxy.port}?ns=${projectId}` },
    `bench-collect-bytes-${Date.now()}`,
  )
  try {
    // firebase-admin reads the emulator host when the database instance is created.
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${proxy.port}`
    const database = getDatabase(app)
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost
    const players = drops.map(() => `0x${randomBytes(20).toString('hex')}`)
    // Also opens the connection (and its auth) before counting: an instance serves many collects on one connection.
    await database.ref().update(Object.fromEntries(players.map((uid) => [`${databasePaths.profile(uid)}/verifiedLevel`, 'orb'])))
    const before = { down: proxy.bytes.down, up: proxy.bytes.up }
    const started = performance.now()
    for (const [index, drop] of drops.entries()) {
      const uid = /** @type {string} */ (players[index])
      await collectDropInDatabase(database, { uid, dropId: drop.id, lat: drop.lat, lng: drop.lng, accuracy: 5 }, Date.now())
    }
    const ms = performance.now() - started
    return {
      collects: drops.length,
      downBytesPerCollect: Math.round((proxy.bytes.down - before.down) / drops.length),
      upBytesPerCollect: Math.round((proxy.bytes.up - before.up) / drops.length),
      msPerCollect: Math.round(ms / drops.length),
    }
  } finally {
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost
    await deleteApp(app).catch(() => {})
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
