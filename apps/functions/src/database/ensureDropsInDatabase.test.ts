import type { Database } from 'firebase-admin/database'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Drop } from '../game/dropSchema.js'
import { ensureDropsNear } from '../game/ensureDropsNear.js'
import { ensureDropsInDatabase } from './ensureDropsInDatabase.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const seed = 'test-seed-0123456789abcdef0123456789'
const now = Date.UTC(2025, 0, 1, 12, 10)
const here = { lat: 1.2834, lng: 103.8607 }
const drops = ensureDropsNear(here, now, { seed })
const stored = (drop: Drop) => {
  const { id: _id, ...fields } = drop
  return fields
}
const asRecord = (list: Drop[]) => Object.fromEntries(list.map((drop) => [drop.id, stored(drop)]))

let db: TestDatabase
beforeEach(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.close())

describe('ensureDropsInDatabase', () => {
  test('default', async () => {
    expect(await ensureDropsInDatabase(db.database, drops, now)).toEqual(drops)
    expect(await db.read('drops')).toEqual(asRecord(drops))
  })

  test('behavior: calling twice spawns nothing new and returns the same drops', async () => {
    const first = await ensureDropsInDatabase(db.database, drops, now)
    const second = await ensureDropsInDatabase(db.database, ensureDropsNear(here, now + 60_000, { seed }), now + 60_000)
    expect(second).toEqual(first)
    expect(Object.keys((await db.read<Record<string, unknown>>('drops')) ?? {}).sort()).toEqual(drops.map((d) => d.id).sort())
  })

  test('behavior: concurrent calls on several instances agree and write each drop once', async () => {
    const instances = [db.database, db.openInstance(), db.openInstance()]
    const results = await Promise.all(instances.map((database) => ensureDropsInDatabase(database, drops, now)))
    for (const result of results) expect(result).toEqual(drops)
    expect(await db.read('drops')).toEqual(asRecord(drops))
  })

  test('behavior: a collected drop stays collected and is no longer offered', async () => {
    await ensureDropsInDatabase(db.database, drops, now)
    const [taken, ...rest] = drops as [Drop, ...Drop[]]
    const claim = { collectedBy: '0x00000000000000000000000000000000000000aa', collectedAt: now + 1 }
    await db.database.ref(`drops/${taken.id}`).update(claim)
    expect(await ensureDropsInDatabase(db.database, drops, now + 2)).toEqual(rest)
    expect(await db.read(`drops/${taken.id}`)).toEqual({ ...stored(taken), ...claim })
  })

  test('behavior: a spawn racing a collection never erases the claim', async () => {
    const [taken] = drops as [Drop, ...Drop[]]
    const claim = { collectedBy: '0x00000000000000000000000000000000000000bb', collectedAt: now }
    await db.database.ref(`drops/${taken.id}`).set({ ...stored(taken), ...claim })
    // The race: the spawn read every drop before the claim landed (all missing), writes after it.
    const staleReads = {
      ref: (path?: string) => (path === undefined ? db.database.ref() : { once: async () => ({ val: () => null }) }),
    } as unknown as Database
    expect(await ensureDropsInDatabase(staleReads, drops, now)).toEqual(drops)
    expect(await db.read(`drops/${taken.id}`)).toEqual({ ...stored(taken), ...claim })
    expect(await db.read('drops')).toEqual({ ...asRecord(drops), [taken.id]: { ...stored(taken), ...claim } })
  })

  test('behavior: drops outside their window are written but not offered', async () => {
    const expiredAt = drops[0]?.expiresAt as number
    expect(await ensureDropsInDatabase(db.database, drops, expiredAt)).toEqual([])
    expect(await ensureDropsInDatabase(db.database, drops, (drops[0]?.spawnedAt as number) - 1)).toEqual([])
    expect(await db.read('drops')).toEqual(asRecord(drops))
  })

  test('behavior: nothing to spawn writes nothing', async () => {
    expect(await ensureDropsInDatabase(db.database, [], now)).toEqual([])
    expect(await db.read('drops')).toBeNull()
  })
})
