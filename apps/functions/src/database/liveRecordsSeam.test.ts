// The seam between both ends of the realtime contract: what the functions
// write, read back through the very row the app listens with
// (`liveRecords`), comes out whole: no entry skipped, nothing changed. A
// writer that drifts from its row fails here, not as a silently empty map.
import { databasePaths, spawnWindowOf, watchCellOf } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import { expect, test } from 'vitest'
import { collectDropInDatabase } from './collectDropInDatabase.js'
import { grantStreakDrop } from './grantStreakDrop.js'
import { spawnDropsInDatabase } from './spawnDropsInDatabase.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

type Node = Record<string, Record<string, unknown>>

const seed = 'seam-seed-0123456789abcdef'
const DAY = 24 * 60 * 60 * 1000
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now).index
const here = { lat: 1.2834, lng: 103.8607 }
const watchCell = watchCellOf(here.lat, here.lng)
const [alice, bob] = ['0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002']
/** Each stored entry under its key, as a node reader that skipped nothing returns it. */
const entriesOf = (node: Node | null) => Object.entries(node ?? {}).map(([id, record]) => ({ id, ...record }))

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

test('behavior: a spawned cell, and a find (inventory, progress, spot, level), read back whole through their rows', async () => {
  await database.ref(databasePaths.verifiedLevel(alice)).set('orb')
  await spawnDropsInDatabase(database, [watchCell], now, { seed })
  const cell = await db.read<Node>(databasePaths.dropsCell(window, watchCell))
  const drops = liveRecords.dropsCell.read(cell, window, watchCell)
  expect(drops.length).toBeGreaterThan(0)
  expect(drops).toEqual(entriesOf(cell))

  const [drop] = drops
  if (!drop) throw new Error('no drop spawned')
  await collectDropInDatabase(database, { uid: alice, dropId: drop.id, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now)
  const inventory = await db.read<Node>(databasePaths.inventory(alice))
  expect(liveRecords.inventory.read(inventory)).toEqual(entriesOf(inventory))
  expect(liveRecords.inventory.read(inventory)).toHaveLength(1)
  const progress = await db.read(databasePaths.progress(alice))
  expect(liveRecords.progress.read(progress)).toEqual(progress)
  expect(liveRecords.progress.problemOf(progress)).toBeUndefined()
  const day = Math.floor(now / DAY)
  const spots = await db.read<Record<string, string>>(databasePaths.spotFinds(day, alice))
  expect(Object.keys(spots ?? {})).toHaveLength(1)
  expect(liveRecords.spotFinds.read(spots)).toEqual(new Set(Object.keys(spots ?? {})))
  const level = await db.read(databasePaths.verifiedLevel(alice))
  expect(liveRecords.verifiedLevel.read(level)).toBe(level)
})

test('behavior: a granted streak reward reads back whole through its row', async () => {
  const yesterday = { timeZone: 'UTC', day: '2024-12-31', today: 3, streak: 2, best: 2, updatedAt: now - DAY, timeZoneSince: 0 }
  await database.ref(databasePaths.progress(bob)).set(yesterday)
  expect(await grantStreakDrop(database, { uid: bob, origin: here, now, seed })).not.toBeNull()
  const rewards = await db.read<Node>(databasePaths.streakDrops(bob))
  expect(liveRecords.streakDrops.read(rewards)).toEqual(entriesOf(rewards))
  expect(liveRecords.streakDrops.read(rewards)).toHaveLength(1)
})
