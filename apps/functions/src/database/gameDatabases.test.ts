import { createRegionRouter, databasePaths, geohashBounds, parseDropId, spawnWindowOf, watchCellOf, weekOf } from '@worldmap/game'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { collectDropInDatabase } from './collectDropInDatabase.js'
import { createGameDatabases, type GameDatabases, gameDatabasesOf } from './gameDatabases.js'
import { purgeExpired } from './purgeExpired.js'
import { readUnspawnedCells } from './readUnspawnedCells.js'
import { spawnDropsInDatabase } from './spawnDropsInDatabase.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

// Two stand-ins, as two database instances: `main` (players, leaderboards) and `region`,
// which holds one watch cell of the spawn area, so that area straddles the two instances.
const seed = 'shard-seed-0123456789abcdef012345'
const now = Date.UTC(2025, 0, 1, 12, 10)
const { index: window } = spawnWindowOf(now)
// Just inside the south-west corner of Raffles Place's watch cell: the 3 × 3 watch cells around it, one on the region instance.
const corner = geohashBounds('w21z73')
const here = { lat: corner.south + 0.0001, lng: corner.west + 0.0001 }
const area = spawnAreaOf(here)
const regionCell = watchCellOf(here.lat, here.lng)
const REGION_URL = 'https://region-1.test'
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`

let main: TestDatabase
let region: TestDatabase
let databases: GameDatabases
beforeAll(async () => {
  ;[main, region] = await Promise.all([startTestDatabase(), startTestDatabase()])
  databases = createGameDatabases(main.database, { [regionCell]: REGION_URL }, (url) => {
    expect(url).toBe(REGION_URL)
    return region.database
  })
})
afterEach(() => Promise.all([main.database.ref().set(null), region.database.ref().set(null)]))
afterAll(() => Promise.all([main.close(), region.close()]))

type Tree = Record<string, Record<string, Record<string, unknown>>> | null
const dropIdsIn = (tree: Tree) => Object.values(tree ?? {}).flatMap((cell) => Object.keys(cell))

/** Spawn the area, and take one drop the region instance holds: its id, watch cell and public record. */
async function spawnAndPickRegionDrop() {
  await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
  const regionDrops = await region.read<Tree>(`drops/${window}`)
  const dropId = dropIdsIn(regionDrops)[0] as string
  const { watchCell } = parseDropId(dropId) as { watchCell: string }
  const drop = (regionDrops as NonNullable<Tree>)[watchCell]?.[dropId] as { lat: number; lng: number }
  return { dropId, watchCell, drop }
}

describe('gameDatabasesOf', () => {
  test('default: one database holds everything', async () => {
    const single = gameDatabasesOf(main.database)
    expect(single.main).toBe(main.database)
    expect(single.ofCell('w21z73')).toBe(main.database)
    expect(single.regional).toEqual([main.database])
    expect(gameDatabasesOf(databases)).toBe(databases)
  })

  test('default: a region with an instance goes there, the rest of the world to main, each instance opened once', () => {
    expect(databases.ofCell('w21z73t')).toBe(region.database)
    expect(databases.ofCell('w21z72')).toBe(main.database)
    expect(databases.ofCell('u09tvw')).toBe(main.database)
    expect(databases.regional).toEqual([main.database, region.database])
  })
})

describe('sharded game', () => {
  test('behavior: the unspawned cells are read on their own instance: a spawn there empties the list, the next window fills it', async () => {
    expect(await readUnspawnedCells(databases, area.watchCells, now)).toEqual(area.watchCells)
    await spawnDropsInDatabase(databases, [regionCell], now, { seed })
    // Only the region's marker exists, on the region instance: the other cells are still to spawn.
    expect(await region.read(databasePaths.spawnedCell(window, regionCell))).toBe(now)
    expect(await readUnspawnedCells(databases, area.watchCells, now)).toEqual(
      area.watchCells.filter((cell) => cell !== regionCell),
    )
    await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
    expect(await readUnspawnedCells(databases, area.watchCells, now)).toEqual([])
    expect(await readUnspawnedCells(databases, area.watchCells, spawnWindowOf(now).end)).toEqual(area.watchCells)
  })

  test('behavior: a spawn writes each watch cell to its own instance, and nothing to the other', async () => {
    const spawned = await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
    expect(spawned).toBe(area.watchCells.length)
    const [mainDrops, regionDrops] = await Promise.all([main.read<Tree>(`drops/${window}`), region.read<Tree>(`drops/${window}`)])
    expect(Object.keys(regionDrops ?? {})).toEqual([regionCell])
    expect(Object.keys(mainDrops ?? {})).not.toContain(regionCell)
    expect(dropIdsIn(mainDrops).length).toBeGreaterThan(0)
    const router = createRegionRouter('main', { [regionCell]: 'region' })
    for (const id of dropIdsIn(regionDrops)) expect(router.instanceOfDrop(id)).toBe('region')
    for (const id of dropIdsIn(mainDrops)) expect(router.instanceOfDrop(id)).toBe('main')
    // The spawn markers follow their cells.
    const [mainMarkers, regionMarkers] = await Promise.all([
      main.read<Record<string, number>>(`spawned/${window}`),
      region.read<Record<string, number>>(`spawned/${window}`),
    ])
    expect(Object.keys(regionMarkers ?? {}).every((cell) => cell.startsWith(regionCell))).toBe(true)
    expect(Object.keys(mainMarkers ?? {}).some((cell) => cell.startsWith(regionCell))).toBe(false)
    expect(Object.keys({ ...mainMarkers, ...regionMarkers }).sort()).toEqual([...area.watchCells].sort())
    // Asked again, nothing new on either instance.
    expect(await spawnDropsInDatabase(databases, area.watchCells, now + 1000, { seed })).toBe(0)
  })

  test('behavior: a collect takes the drop and its claim on the region, the item and the count on main', async () => {
    const { dropId, watchCell, drop } = await spawnAndPickRegionDrop()
    const uid = uidOf(0)
    await main.database.ref(databasePaths.profile(uid)).set({ verifiedLevel: 'orb' })

    const result = await collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now)
    expect(result.itemId).toBe(dropId)
    expect(await main.read(databasePaths.inventoryItem(uid, dropId))).toEqual(result.item)
    expect(await main.read(`profiles/${uid}/stats/collected`)).toBe(1)
    expect(await region.read(databasePaths.drop(window, watchCell, dropId))).toBeNull()
    expect(await region.read(databasePaths.claim(window, dropId))).toMatchObject({ uid, delivered: true })
    // Nothing of the player on the region, nothing of the region on main.
    expect(await region.read('inventories')).toBeNull()
    expect(await region.read('profiles')).toBeNull()
    expect(await main.read('claims')).toBeNull()
    // The gate (travel, quota) is the player's: on main.
    expect(await main.read(`players/${uid}/last`)).toMatchObject({ lat: drop.lat, lng: drop.lng })
  })

  test('behavior: of players racing for a drop on the region, exactly one gets it (no double award)', async () => {
    const { dropId, drop } = await spawnAndPickRegionDrop()
    const players = Array.from({ length: 6 }, (_, index) => uidOf(index))
    await main.database.ref('profiles').set(Object.fromEntries(players.map((uid) => [uid, { verifiedLevel: 'device' }])))

    const results = await Promise.allSettled(
      players.map((uid) => collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now)),
    )
    const won = results.filter((result) => result.status === 'fulfilled')
    expect(won).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AlreadyCollectedError)
    }
    const inventories = (await main.read<Record<string, Record<string, unknown>>>('inventories')) ?? {}
    expect(Object.values(inventories).flatMap((items) => Object.keys(items))).toEqual([dropId])
  })

  test('behavior: a collect that died after its claim on the region is delivered on main by the purge', async () => {
    const { dropId, drop } = await spawnAndPickRegionDrop()
    const uid = uidOf(0)
    await main.database.ref(databasePaths.profile(uid)).set({ verifiedLevel: 'orb' })
    const crash = new Error('the function instance died')
    await expect(
      collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now, {
        afterClaim: () => {
          throw crash
        },
      }),
    ).rejects.toBe(crash)
    expect(await main.read(databasePaths.inventoryItem(uid, dropId))).toBeNull()

    // Two windows later the claim's window is purged on the region: delivered first, on main.
    const later = now + 2 * (spawnWindowOf(now).end - spawnWindowOf(now).start) + 1
    const report = await purgeExpired(databases, later)
    expect(report.recovered).toBe(1)
    expect(report.claimWindows).toContain(window)
    expect(await main.read(databasePaths.inventoryItem(uid, dropId))).toMatchObject({ dropId })
    expect(await main.read(`profiles/${uid}/stats/collected`)).toBe(1)
    expect(await region.read(`claims/${window}`)).toBeNull()
  })

  test('behavior: the purge empties ended windows on every instance, each from its own bookmark; leaderboards on main', async () => {
    await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
    const oldWeek = weekOf(now).index - 3
    await main.database.ref(databasePaths.leaderboard(oldWeek)).set({ top: { p1: 5 } })
    const later = spawnWindowOf(now).end + 1
    const report = await purgeExpired(databases, later)
    expect(report.dropWindows).toContain(window)
    expect(report.dropWindows.filter((w) => w === window)).toHaveLength(1)
    expect(report.leaderboardWeeks).toContain(oldWeek)
    for (const instance of [main, region]) {
      expect(await instance.read(`drops/${window}`)).toBeNull()
      expect(await instance.read(`spawned/${window}`)).toBeNull()
      expect(await instance.read<number>('meta/purge/drops')).toBe(window)
    }
    expect(await region.read('meta/purge/leaderboards')).toBeNull()
    expect(await main.read(databasePaths.leaderboard(oldWeek))).toBeNull()
  })
})
