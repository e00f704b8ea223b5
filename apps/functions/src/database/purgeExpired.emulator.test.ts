import { databasePaths, encodeGeohash, type InventoryItem, SPAWN_WINDOW_MS, spawnWindowOf } from '@worldmap/game'
import { dropsForWatchCells } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { afterAll, describe, expect, test } from 'vitest'
import { startFunctionScheduler } from '../../../../tooling/stack/scheduler.mjs'
import { createAdmin, projectId, readOnce, readTestStack } from '../../test/testStack.js'
import type { Claim } from './claimSchema.js'

const stack = readTestStack()
const admin = createAdmin()
/** What the purge keeps of the city (its live window): taken away afterwards, so later tests find the world as it was. */
/** Paths to delete at the end, per instance. */
const cleanups = new Map<Database, Record<string, null>>()
const cleanUp = (database: Database, path: string) => {
  const paths = cleanups.get(database) ?? {}
  cleanups.set(database, paths)
  paths[path] = null
}
afterAll(async () => {
  await Promise.all([...cleanups].map(([database, paths]) => database.ref().update(paths)))
  await admin.close()
})

/** The purged paths: windows of public drops, their spawn markers, and claims. */
const PURGED = ['drops', 'spawned', 'claims'] as const
/** Ended windows the city is filled in (the purge's bookmark is put just before the oldest). */
const PAST_WINDOWS = 3
/**
 * A busy city: the watch cells (spawned whole, as ensureDropsNear does) over a 15 × 5 grid (≈ 10 km × 0.8 km) in each
 * of two districts (drops stand ~150 m apart, so a busy city takes room), every one spawned in every window, on two
 * database instances: Reykjavík (main) and the Riau coast (`w213…`, on the stack's region instance with Singapore).
 * Nowhere another test plays: its live window would otherwise take cells another test expects to spawn.
 */
const CITY = [
  ...new Set(
    Array.from({ length: 15 * 10 }, (_, index) => {
      const row = Math.floor(index / 15)
      const column = index % 15
      return row < 5
        ? encodeGeohash(64.13 + row * 0.0014, -21.95 + column * 0.006, 6)
        : encodeGeohash(0.3 + row * 0.0014, 103.2 + column * 0.006, 6)
    }),
  ),
]
/** Collects per window: one claim per collected drop, as collectDrop leaves them. */
const COLLECTS_PER_WINDOW = 100

/** Leaves and JSON bytes of a subtree. */
function measure(value: unknown): { nodes: number; bytes: number } {
  const count = (node: unknown): number =>
    node !== null && typeof node === 'object' ? Object.values(node).reduce<number>((sum, child) => sum + count(child), 0) : 1
  return value === null || value === undefined
    ? { nodes: 0, bytes: 0 }
    : { nodes: count(value), bytes: JSON.stringify(value).length }
}

/**
 * Storage under the purged paths, all of it and the floor: what the purge must keep at this moment (drops and
 * markers of the current window, claims of the current and the previous window, whoever wrote them).
 */
/**
 * Nodes and bytes under the purged paths, from the windows the purge was
 * asked to cover on (`bookmark` + 1, per path) to the live one: windows older
 * than the bookmark are outside its range by design, and other tests may have
 * left data there.
 */
async function storage(databases: readonly Database[], bookmark: { drops: number; claims: number }) {
  const current = spawnWindowOf(Date.now()).index
  const total = { nodes: 0, bytes: 0 }
  const floor = { nodes: 0, bytes: 0 }
  for (const [database, path] of databases.flatMap((database) => PURGED.map((path) => [database, path] as const))) {
    const tree = ((await readOnce<Record<string, unknown>>(database, path)) ?? {}) as Record<string, unknown>
    const keep = path === 'claims' ? current - 1 : current
    const first = (path === 'claims' ? bookmark.claims : bookmark.drops) + 1
    for (const [window, subtree] of Object.entries(tree)) {
      if (Number(window) < first) continue
      const size = measure(subtree)
      total.nodes += size.nodes
      total.bytes += size.bytes
      if (Number(window) >= keep) {
        floor.nodes += size.nodes
        floor.bytes += size.bytes
      }
    }
  }
  return { total, floor }
}

const claimOf = (window: number, dropId: string, uid: string): Claim => {
  const item: InventoryItem = {
    kind: 'coin',
    rarity: 'common',
    dropId,
    lat: 1.29,
    lng: 103.85,
    collectedAt: window * SPAWN_WINDOW_MS + 60_000,
  }
  return { uid, watchCell: dropId.slice(0, 6), window, item, at: item.collectedAt, delivered: true }
}

/**
 * Spawn every watch cell of the city in `window` as spawnDropsInDatabase does (its markers, dropsForWatchCells's
 * records, at the same paths, on the cell's instance) in one multi-path write per instance instead of a transaction
 * per cell, and collect some drops in each district (claims).
 */
async function fillWindow(window: number) {
  const time = window * SPAWN_WINDOW_MS + 1000
  const updates = new Map<Database, Record<string, unknown>>()
  const dropIds = new Map<Database, string[]>()
  for (const [cell, drops] of dropsForWatchCells(CITY, time, { seed: 'purge-emulator-test' })) {
    const database = admin.databases.ofCell(cell, window)
    const instanceUpdates = updates.get(database) ?? {}
    updates.set(database, instanceUpdates)
    const ids = dropIds.get(database) ?? []
    dropIds.set(database, ids)
    instanceUpdates[databasePaths.spawnedCell(window, cell)] = time
    for (const { id, spawnedAt: _, ...record } of drops) {
      instanceUpdates[databasePaths.drop(window, cell, id)] = record
      ids.push(id)
    }
  }
  const players = Array.from({ length: 30 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`)
  for (const [database, instanceUpdates] of updates) {
    const collected = (dropIds.get(database) ?? []).slice(0, COLLECTS_PER_WINDOW / 2)
    for (const [index, dropId] of collected.entries()) {
      instanceUpdates[`claims/${window}/${dropId}`] = claimOf(window, dropId, players[index % players.length] as string)
      cleanUp(database, `claims/${window}/${dropId}`)
    }
    await database.ref().update(instanceUpdates)
  }
}

describe('the purge in the local stack', () => {
  test('behavior: a busy city over several ended windows; the scheduler stand-in runs the deployed purge until storage is back at its floor', async () => {
    const began = Date.now()
    const current = spawnWindowOf(Date.now()).index
    for (let window = current - PAST_WINDOWS; window <= current; window++) await fillWindow(window)
    for (const cell of CITY) {
      cleanUp(admin.databases.ofCell(cell, current), `spawned/${current}/${cell}`)
      cleanUp(admin.databases.ofCell(cell, current), `drops/${current}/${cell}`)
    }
    // Both instances hold a district: the purge must walk each.
    const instances = admin.databases.regional
    expect(new Set(CITY.map((cell) => admin.databases.ofCell(cell, current))).size).toBe(Math.min(2, instances.length))
    // The windows are written after they ended (the game's clock is the real one): move the bookmark back before
    // them, as if the purge had last run then. A purge that ran meanwhile is harmless: it moved it forward.
    const bookmark = { drops: current - PAST_WINDOWS - 1, claims: current - PAST_WINDOWS - 2 }
    await Promise.all(instances.map((database) => database.ref('meta/purge').update(bookmark)))

    const before = await storage(instances, bookmark)
    // Thousands of nodes of ended windows that only the purge removes.
    expect(before.total.nodes - before.floor.nodes).toBeGreaterThan(5000)

    // Seconds, not the declared 10 minutes: the same code path, the interval overridden (as --schedule-every-ms).
    const filled = Date.now()
    const scheduler = await startFunctionScheduler({ functionsUrl: stack.urls.functions, projectId, everyMs: 300 })
    let after = before
    const deadline = Date.now() + 30_000
    try {
      while (Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 250))
        after = await storage(instances, bookmark)
        // Until a run has also finished (it answers after the nonces' purge), so its outcome is known.
        if (after.total.nodes === after.floor.nodes && (scheduler.stats().purgeExpiredData?.runs ?? 0) > 0) break
      }
    } finally {
      await scheduler.stop()
    }
    console.info(
      `purge over ${instances.length} instances: ${before.total.nodes} nodes / ${before.total.bytes} bytes under ${PURGED.join(', ')} → ` +
        `${after.total.nodes} nodes / ${after.total.bytes} bytes (floor ${after.floor.nodes} / ${after.floor.bytes}); filled in ${filled - began} ms, purged in ${Date.now() - filled} ms`,
    )
    expect(after.total).toEqual(after.floor)
    expect(after.floor.nodes).toBeGreaterThan(0) // the live window was kept
    const stats = scheduler.stats().purgeExpiredData
    expect(stats?.runs).toBeGreaterThanOrEqual(1)
    expect(stats?.failures).toBe(0)
  }, 60_000)
})
