import { databasePaths, parseDropId, publicDropSchema, spawnWindowOf } from '@worldmap/game'
import { type Drop, dropsForWatchCells } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test } from 'vitest'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { spawnDropsInDatabase } from './spawnDropsInDatabase.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

const seed = 'spawn-seed-0123456789abcdef'
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now).index
const here = { lat: 1.2834, lng: 103.8607 }
const { watchCells } = spawnAreaOf(here)
/** One watch cell, in degrees: 1.2 km east–west, 0.6 km north–south. */
const WATCH_CELL = { lat: 0.0055, lng: 0.011 }

/** `{watchCell: {dropId: record}}`: one window's drops. */
type Drops = Record<string, Record<string, Record<string, unknown>>>

/** What the database should hold for watch cells `cells` spawned in the window of `time`: `{watchCell: {dropId: record}}`. */
function expectedDrops(cells: readonly string[], time: number): Drops {
  const drops: Drops = {}
  for (const [watchCell, cellDrops] of dropsForWatchCells(cells, time, { seed })) {
    for (const { id, spawnedAt: _, ...record } of cellDrops) drops[watchCell] = { ...drops[watchCell], [id]: record }
  }
  return drops
}

const countDrops = (drops: Drops | null) => Object.values(drops ?? {}).reduce((sum, cells) => sum + Object.keys(cells).length, 0)

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

describe('spawnDropsInDatabase', () => {
  test('default', async () => {
    expect(watchCells).toHaveLength(9)
    expect(await spawnDropsInDatabase(database, watchCells, now, { seed })).toBe(9)
    expect(await db.read(`spawned/${window}`)).toEqual(Object.fromEntries(watchCells.map((cell) => [cell, now])))
    const stored = await db.read<Drops>(`drops/${window}`)
    expect(stored).toEqual(expectedDrops(watchCells, now))
    // The spawn rule's density: ~14 drops per km², the 9 watch cells being ~6 km² here.
    expect(countDrops(stored)).toBeGreaterThan(40)
    expect(countDrops(stored)).toBeLessThan(140)
    // Only under the watch cells the caller reads, and nothing but the public record.
    for (const [watchCell, drops] of Object.entries(stored ?? {})) {
      expect(watchCells).toContain(watchCell)
      for (const [id, record] of Object.entries(drops)) {
        expect(parseDropId(id)).toMatchObject({ watchCell, window })
        expect(Object.keys(record).sort()).toEqual(['expiresAt', 'kind', 'lat', 'lng', 'rarity'])
        expect(publicDropSchema.parse(record)).toEqual(record)
        expect(record.expiresAt).toBe(spawnWindowOf(now).end)
      }
    }
    expect(await db.read('drops')).toEqual({ [window]: stored })
  })

  test('behavior: asking again in the window spawns nothing and writes nothing; a collected drop stays gone', async () => {
    await spawnDropsInDatabase(database, watchCells, now, { seed })
    const [cell] = watchCells as [string]
    const taken = dropsForWatchCells([cell], now, { seed }).get(cell)?.[0] as Drop
    const path = databasePaths.drop(window, cell, taken.id)
    await database.ref(path).remove()
    const before = await db.read('/')
    expect(await spawnDropsInDatabase(database, watchCells, now + 60_000, { seed })).toBe(0)
    expect(await db.read('/')).toEqual(before)
    expect(await db.read(path)).toBeNull()
    // The markers still name the first spawn.
    expect(await db.read(databasePaths.spawnedCell(window, cell))).toBe(now)
  })

  test('behavior: a neighbour spawns only the watch cells not spawned yet', async () => {
    await spawnDropsInDatabase(database, watchCells, now, { seed })
    const east = spawnAreaOf({ lat: here.lat, lng: here.lng + WATCH_CELL.lng }).watchCells
    const fresh = east.filter((cell) => !watchCells.includes(cell))
    expect(fresh.length).toBeGreaterThan(0)
    expect(fresh.length).toBeLessThan(9)
    expect(await spawnDropsInDatabase(database, east, now + 1, { seed })).toBe(fresh.length)
    expect(Object.keys((await db.read(`spawned/${window}`)) ?? {}).sort()).toEqual([...new Set([...watchCells, ...east])].sort())
    expect(await db.read(`drops/${window}`)).toEqual(expectedDrops([...watchCells, ...fresh], now))
  })

  test('behavior: the next window spawns anew, under its own key', async () => {
    await spawnDropsInDatabase(database, watchCells, now, { seed })
    const next = spawnWindowOf(now).end
    expect(await spawnDropsInDatabase(database, watchCells, next, { seed })).toBe(9)
    expect(await db.read(`drops/${window + 1}`)).toEqual(expectedDrops(watchCells, next))
    expect(await db.read(`drops/${window}`)).toEqual(expectedDrops(watchCells, now))
  })

  test('parameters: no cells spawns nothing', async () => {
    expect(await spawnDropsInDatabase(database, [], now, { seed })).toBe(0)
    expect(await db.read('/')).toBeNull()
  })

  test('behavior: 10 concurrent callers on 3 instances → every watch cell spawned exactly once', async () => {
    const instances = [database, db.openInstance(), db.openInstance()]
    const spawned = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        spawnDropsInDatabase(instances[index % instances.length] as Database, watchCells, now + index, { seed }),
      ),
    )
    expect(spawned.reduce((sum, count) => sum + count, 0)).toBe(9)
    const markers = (await db.read<Record<string, number>>(`spawned/${window}`)) ?? {}
    expect(Object.keys(markers).sort()).toEqual([...watchCells].sort())
    for (const at of Object.values(markers)) expect(at - now).toBeGreaterThanOrEqual(0)
    expect(await db.read('drops')).toEqual({ [window]: expectedDrops(watchCells, now) })
    const drops = await db.read<Drops>(`drops/${window}`)
    expect(countDrops(drops)).toBe([...dropsForWatchCells(watchCells, now, { seed }).values()].flat().length)
  })

  test('behavior: overlapping areas asked at once from 2 instances → the union, each cell once', async () => {
    const areas = [
      watchCells,
      spawnAreaOf({ lat: here.lat + WATCH_CELL.lat, lng: here.lng }).watchCells,
      spawnAreaOf({ lat: here.lat, lng: here.lng - WATCH_CELL.lng }).watchCells,
    ]
    const union = [...new Set(areas.flat())]
    const instances = [database, db.openInstance()]
    const spawned = await Promise.all(
      [...areas, ...areas].map((cells, index) =>
        spawnDropsInDatabase(instances[index % instances.length] as Database, cells, now, { seed }),
      ),
    )
    expect(spawned.reduce((sum, count) => sum + count, 0)).toBe(union.length)
    expect(Object.keys((await db.read(`spawned/${window}`)) ?? {})).toHaveLength(union.length)
    expect(await db.read(`drops/${window}`)).toEqual(expectedDrops(union, now))
  })
})
