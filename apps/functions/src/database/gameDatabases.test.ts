import {
  createDatabaseRouter,
  createRegionRouter,
  databasePaths,
  geohashBounds,
  PLAYER_MOVE_GRACE_MS,
  parseDropId,
  spawnWindowOf,
  watchCellOf,
  weekOf,
} from '@worldmap/game'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import fc from 'fast-check'
import type { Database } from 'firebase-admin/database'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createCollectDropHandler } from '../callables/createCollectDropHandler.js'
import { createEnsureDropsNearHandler } from '../callables/createEnsureDropsNearHandler.js'
import { createGetLeaderboardHandler } from '../callables/createGetLeaderboardHandler.js'
import { createSyncNotificationsHandler } from '../callables/createSyncNotificationsHandler.js'
import { createVerifyHumanHandler } from '../callables/createVerifyHumanHandler.js'
import { callableRequest } from '../callables/testing/callableRequest.js'
import { spendNonceInDatabase } from '../firebase/spendNonceInDatabase.js'
import { runStreakNudges } from '../notifications/runStreakNudges.js'
import type { SendNotificationPayload } from '../notifications/sendNotification.js'
import { remindSlotOf } from '../notifications/streakNudgeRules.js'
import { progressOn } from '../notifications/testing/progressOn.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { createSimulatorVerifier } from '../worldId/createSimulatorVerifier.js'
import { admitSignIn } from './admitSignIn.js'
import { collectDropInDatabase } from './collectDropInDatabase.js'
import { forwardedSourceOf } from './crowdPaths.js'
import { createGameDatabases, type GameDatabases, gameDatabasesOf } from './gameDatabases.js'
import { purgeExpired } from './purgeExpired.js'
import { readUnspawnedCells } from './readUnspawnedCells.js'
import { spawnDropsInDatabase } from './spawnDropsInDatabase.js'
import { counterShardOf } from './syncLeaderboardScore.js'
import { type ShardedDatabases, startShardedDatabases } from './testing/startShardedDatabases.js'
import type { TestDatabase } from './testing/startTestDatabase.js'

// Six stand-ins, as six database instances: `main`, `region` (which holds one watch cell of the
// spawn area, so that area straddles main and region), two player and two leaderboard instances.
const seed = 'shard-seed-0123456789abcdef012345'
const now = Date.UTC(2025, 0, 1, 12, 10)
const { index: window } = spawnWindowOf(now)
// Just inside the south-west corner of Raffles Place's watch cell: the 3 × 3 watch cells around it, one on the region instance.
const corner = geohashBounds('w21z73')
const here = { lat: corner.south + 0.0001, lng: corner.west + 0.0001 }
const area = spawnAreaOf(here)
const regionCell = watchCellOf(here.lat, here.lng)
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`

let sharded: ShardedDatabases
let main: TestDatabase
let region: TestDatabase
let databases: GameDatabases
beforeAll(async () => {
  sharded = await startShardedDatabases({ regions: [regionCell], players: 2, leaderboards: 2 })
  ;({ main, region, databases } = sharded)
})
afterEach(() => sharded.clear())
afterAll(() => sharded.close())

/** The value at `path` on `database`. */
const readOn = async <T = unknown>(database: Database, path: string) => (await database.ref(path).once('value')).val() as T | null

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
    expect(single.ofCell('w21z73', window)).toBe(main.database)
    expect(single.regional).toEqual([main.database])
    // Players and the leaderboard too: the single-instance tests keep their one database.
    expect(single.ofPlayer(uidOf(0))).toBe(main.database)
    expect(single.ofCounterShard(5, 2_975)).toBe(main.database)
    expect(single.leaderboardHomeOf(2_975)).toBe(main.database)
    expect(single.leaderboardsOf(2_975)).toEqual([main.database])
    // No table switch on one instance: a call's view is the same one.
    expect(await single.forPlayer(uidOf(0), now)).toBe(single)
    expect([single.players, single.leaderboards, single.all]).toEqual([[main.database], [main.database], [main.database]])
    expect(gameDatabasesOf(databases)).toBe(databases)
  })

  test('default: a region with an instance goes there, the rest of the world to main, each instance opened once', () => {
    expect(databases.ofCell('w21z73t', window)).toBe(region.database)
    expect(databases.ofCell('w21z72', window)).toBe(main.database)
    expect(databases.ofCell('u09tvw', window)).toBe(main.database)
    expect(databases.regional).toEqual([main.database, region.database])
    expect(databases.all).toEqual(sharded.all.map((db) => db.database))
  })

  test('default: players by a hash of the uid over the player instances, counter shards round-robin, the top on the first', () => {
    const [p1, p2] = sharded.players.map((db) => db.database) as [Database, Database]
    const [l1, l2] = sharded.leaderboards.map((db) => db.database) as [Database, Database]
    expect(databases.players).toEqual([p1, p2])
    expect(databases.leaderboards).toEqual([l1, l2])
    const week = weekOf(now).index
    expect(databases.leaderboardHomeOf(week)).toBe(l1)
    expect(databases.leaderboardsOf(week)).toEqual([l1, l2])
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((shard) => databases.ofCounterShard(shard, week))).toEqual([
      l1,
      l2,
      l1,
      l2,
      l1,
      l2,
      l1,
      l2,
    ])
    const homes = Array.from({ length: 200 }, (_, index) => databases.ofPlayer(uidOf(index)))
    // Always the same instance for a uid, and both used.
    expect(Array.from({ length: 200 }, (_, index) => databases.ofPlayer(uidOf(index)))).toEqual(homes)
    expect(new Set(homes)).toEqual(new Set([p1, p2]))
    expect(homes.filter((home) => home === p1).length).toBeGreaterThan(60)
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

  test('behavior: a collect takes the drop and its claim on the region, the item and the count on the player instance', async () => {
    const { dropId, watchCell, drop } = await spawnAndPickRegionDrop()
    const uid = uidOf(0)
    const player = databases.ofPlayer(uid)
    await player.ref(databasePaths.profile(uid)).set({ verifiedLevel: 'orb' })

    const result = await collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now)
    expect(result.itemId).toBe(dropId)
    expect(await readOn(player, databasePaths.inventoryItem(uid, dropId))).toEqual(result.item)
    expect(await readOn(player, `profiles/${uid}/stats/collected`)).toBe(1)
    expect(await region.read(databasePaths.drop(window, watchCell, dropId))).toBeNull()
    expect(await region.read(databasePaths.claim(window, dropId))).toMatchObject({ uid, delivered: true })
    // Nothing of the player on the region nor on main, nothing of the region on main.
    for (const instance of [region, main]) {
      expect(await instance.read('inventories')).toBeNull()
      expect(await instance.read('profiles')).toBeNull()
      expect(await instance.read('players')).toBeNull()
      expect(await instance.read('spotFinds')).toBeNull()
    }
    expect(await main.read('claims')).toBeNull()
    // The gate (travel, quota) and the spot are the player's: on their instance.
    expect(await readOn(player, `players/${uid}/last`)).toMatchObject({ lat: drop.lat, lng: drop.lng })
    expect(await readOn(player, 'spotFinds')).not.toBeNull()
  })

  test('behavior: of players racing for a drop on the region, exactly one gets it (no double award)', async () => {
    const { dropId, drop } = await spawnAndPickRegionDrop()
    const players = Array.from({ length: 6 }, (_, index) => uidOf(index))
    await Promise.all(
      players.map((uid) => databases.ofPlayer(uid).ref(databasePaths.profile(uid)).set({ verifiedLevel: 'device' })),
    )

    const results = await Promise.allSettled(
      players.map((uid) => collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now)),
    )
    const won = results.filter((result) => result.status === 'fulfilled')
    expect(won).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AlreadyCollectedError)
    }
    const inventories = await Promise.all(
      sharded.players.map((db) => db.read<Record<string, Record<string, unknown>>>('inventories')),
    )
    expect(inventories.flatMap((tree) => Object.values(tree ?? {}).flatMap((items) => Object.keys(items)))).toEqual([dropId])
  })

  test('behavior: a collect that died after its claim on the region is delivered on the player instance by the purge', async () => {
    const { dropId, drop } = await spawnAndPickRegionDrop()
    const uid = uidOf(0)
    const player = databases.ofPlayer(uid)
    await player.ref(databasePaths.profile(uid)).set({ verifiedLevel: 'orb' })
    const crash = new Error('the function instance died')
    await expect(
      collectDropInDatabase(databases, { uid, dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }, now, {
        afterClaim: () => {
          throw crash
        },
      }),
    ).rejects.toBe(crash)
    expect(await readOn(player, databasePaths.inventoryItem(uid, dropId))).toBeNull()

    // Two windows later the claim's window is purged on the region: delivered first, on main.
    const later = now + 2 * (spawnWindowOf(now).end - spawnWindowOf(now).start) + 1
    const report = await purgeExpired(databases, later)
    expect(report.recovered).toBe(1)
    expect(report.claimWindows).toContain(window)
    expect(await readOn(player, databasePaths.inventoryItem(uid, dropId))).toMatchObject({ dropId })
    expect(await readOn(player, `profiles/${uid}/stats/collected`)).toBe(1)
    expect(await region.read(`claims/${window}`)).toBeNull()
  }, 30_000)

  test('behavior: the purge empties ended windows on every instance, each from its own bookmark; old weeks on every leaderboard instance', async () => {
    await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
    const oldWeek = weekOf(now).index - 3
    for (const db of sharded.leaderboards) await db.database.ref(databasePaths.leaderboard(oldWeek)).set({ top: { p1: 5 } })
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
    expect(await main.read('meta/purge/leaderboards')).toBeNull()
    for (const db of sharded.leaderboards) {
      expect(await db.read(databasePaths.leaderboard(oldWeek))).toBeNull()
      expect(await db.read<number>('meta/purge/leaderboards')).toBe(weekOf(later).index - 2)
    }
    // Days on each player instance, from its own bookmark; nothing of theirs on main.
    for (const db of sharded.players) expect(await db.read<number>('meta/purge/days')).toEqual(expect.any(Number))
    expect(await main.read('meta/purge/days')).toBeNull()
  }, 30_000)
})

describe('main keeps only global data', () => {
  const appId = 'app_staging_worldmap'
  const action = 'verify-human'
  const publicIdSecret = 'public-id-secret-0123456789abcdef'
  const crowdSource = { secret: 'nonce-secret-0123456789abcdef0123456789', sourceOf: forwardedSourceOf }
  /** What main may hold: nothing keyed by a player, a region or a week (see docs/data-model.md, "Database instances"). */
  const GLOBAL = ['nonces', 'nullifiers', 'publicProfiles', 'crowd', 'meta']
  const REGIONAL = ['drops', 'spawned', 'claims', 'quarantine']
  const PLAYER = ['profiles', 'players', 'inventories', 'streakDrops', 'streakRewards', 'spotFinds', 'notifications', 'claims']

  const keysOf = async (db: TestDatabase) =>
    Object.keys(((await db.database.ref().once('value')).val() as object | null) ?? {}).sort()

  test('behavior: verify, spawn, collect (a public drop and a streak reward), the board, notifications, a nudge run, a sign-in and a purge leave main only its global keys, each instance only its own', async () => {
    let clock = now
    const alice = uidOf(0xa11ce)
    const bob = uidOf(0xb0b)
    // A 2-day streak kept yesterday in Singapore: today is day 3, a streak reward is due.
    await databases.ofPlayer(alice).ref(databasePaths.progress(alice)).set(progressOn('2024-12-31', 2))

    const proof = await createSimulatedIdentity({ seed: 'layout' }).prove({
      appId,
      action,
      signalHash: hashToField(alice),
      level: 'orb',
    })
    const verify = createVerifyHumanHandler(() => ({
      database: databases,
      verifier: createSimulatorVerifier(),
      appId,
      action,
      publicIdSecret,
      now: () => clock,
    }))
    expect(await verify(callableRequest(alice, { ...proof, status: 'success' }))).toEqual({ verifiedLevel: 'orb' })

    const ensure = createEnsureDropsNearHandler(() => ({ database: databases, seed, now: () => clock, crowdSource }))
    const spawned = await ensure(callableRequest(alice, here))
    expect(spawned.spawned).toBeGreaterThan(0)
    // An unverified caller from a counted network: the crowd counters (main) and their gate (their instance).
    await ensure(callableRequest(bob, { lat: here.lat + 0.05, lng: here.lng }, { from: '203.0.113.7' }))

    const collect = createCollectDropHandler(() => ({ database: databases, now: () => clock }))
    const { dropId, drop } = await (async () => {
      const regionDrops = await region.read<Tree>(`drops/${window}`)
      const id = dropIdsIn(regionDrops)[0] as string
      const cell = (parseDropId(id) as { watchCell: string }).watchCell
      return { dropId: id, drop: (regionDrops as NonNullable<Tree>)[cell]?.[id] as { lat: number; lng: number } }
    })()
    // Time to walk there (the gate allows 30 m/s).
    clock += 10 * 60_000
    expect((await collect(callableRequest(alice, { dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }))).itemId).toBe(dropId)
    const streakDrops = await readOn<Record<string, { lat: number; lng: number }>>(
      databases.ofPlayer(alice),
      databasePaths.streakDrops(alice),
    )
    const [streakId, streakDrop] = Object.entries(streakDrops ?? {})[0] as [string, { lat: number; lng: number }]
    clock += 60_000
    await collect(callableRequest(alice, { dropId: streakId, lat: streakDrop.lat, lng: streakDrop.lng, accuracy: 5 }))

    const board = createGetLeaderboardHandler(() => ({ database: databases, now: () => clock }))
    expect((await board(callableRequest(alice, {}))).you).toMatchObject({ ranked: true, rank: 1 })

    const sync = createSyncNotificationsHandler(() => ({ database: databases, now: () => clock }))
    await sync(callableRequest(alice, { granted: true }))
    await databases.ofPlayer(bob).ref(databasePaths.progress(bob)).set(progressOn('2024-12-31', 5))
    expect(await sync(callableRequest(bob, { granted: true }))).toEqual({ enrolled: true, optedOut: false })
    const slot = remindSlotOf(progressOn('2024-12-31', 5), now)
    const requests: SendNotificationPayload[] = []
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as SendNotificationPayload
      requests.push(body)
      const result = body.wallet_addresses.map((walletAddress) => ({ walletAddress, sent: true }))
      return new Response(JSON.stringify({ success: true, status: 200, result }), { status: 200 })
    })
    const api = { apiUrl: 'https://portal.test', apiKey: 'api_key_for_tests_only', fetch, sleep: async () => {} }
    const nudges = await runStreakNudges({ database: databases, api, appId }, Date.UTC(2025, 0, 1, slot, 5))
    // Alice is filed too (her streak is alive), but she kept today.
    expect(nudges).toMatchObject({ considered: 2, sent: 1, skipped: { kept_today: 1 } })
    expect(requests.flatMap((request) => request.wallet_addresses)).toEqual([bob])

    expect(await spendNonceInDatabase(main.database, 'n0nce-layout', clock)).toBe(true)
    expect(await admitSignIn(databases, { uid: alice, source: '203.0.113.9', now: clock }, { secret: crowdSource.secret })).toBe(
      true,
    )
    expect(
      await admitSignIn(databases, { uid: uidOf(0xc0ffee), source: '203.0.113.9', now: clock }, { secret: crowdSource.secret }),
    ).toBe(true)
    // Every global kind of data was written (the purge then deletes the ended crowd windows).
    expect(await keysOf(main)).toEqual(expect.arrayContaining(['nullifiers', 'publicProfiles', 'crowd', 'nonces']))
    expect((await keysOf(main)).filter((key) => !GLOBAL.includes(key) && !REGIONAL.includes(key))).toEqual([])
    const report = await purgeExpired(databases, now + 2 * (spawnWindowOf(now).end - spawnWindowOf(now).start) + 1)
    expect(report.recovered).toBe(0)

    // Main: only what must be global, and regional data only of regions no instance takes.
    const mainKeys = await keysOf(main)
    expect(mainKeys.filter((key) => !GLOBAL.includes(key) && !REGIONAL.includes(key))).toEqual([])
    expect(mainKeys).toEqual(expect.arrayContaining(['nullifiers', 'publicProfiles', 'meta', 'nonces']))
    for (const branch of ['drops', 'spawned'] as const) {
      for (const [window, cells] of Object.entries((await main.read<Record<string, Record<string, unknown>>>(branch)) ?? {})) {
        for (const cell of Object.keys(cells))
          expect(databases.ofCell(cell, Number(window)), `${branch} ${cell}`).toBe(main.database)
      }
    }
    // The region: its drops, markers and claims, and its bookmarks.
    expect((await keysOf(region)).filter((key) => !REGIONAL.includes(key) && key !== 'meta')).toEqual([])
    // Each player instance: only players' records, each player's on their own instance; claims only of streak rewards.
    for (const db of sharded.players) {
      const keys = await keysOf(db)
      expect(keys.filter((key) => !PLAYER.includes(key) && key !== 'meta')).toEqual([])
      for (const branch of ['profiles', 'players', 'inventories', 'streakDrops', 'notifications/players', 'notifications/sent']) {
        for (const uid of Object.keys((await db.read<object>(branch)) ?? {})) expect(databases.ofPlayer(uid)).toBe(db.database)
      }
      for (const claims of Object.values((await db.read<Record<string, object>>('claims')) ?? {})) {
        for (const id of Object.keys(claims)) expect(id).toMatch(/^streak_/)
      }
    }
    const [aliceHome, bobHome] = [databases.ofPlayer(alice), databases.ofPlayer(bob)]
    expect(await readOn(aliceHome, `profiles/${alice}/stats/collected`)).toBe(2)
    expect(await readOn(bobHome, `notifications/sent/${bob}/status`)).toBe('sent')
    // The leaderboard instances: only the board, the player's score and counters on their shard's instance, the top on the first.
    const publicId = publicIdOf(alice, publicIdSecret)
    const week = weekOf(clock).index
    for (const db of sharded.leaderboards) {
      expect((await keysOf(db)).filter((key) => key !== 'leaderboards' && key !== 'meta')).toEqual([])
      const holdsScore = (await db.read(databasePaths.leaderboardScore(week, publicId))) !== null
      expect(holdsScore).toBe(db.database === databases.ofCounterShard(counterShardOf(publicId), week))
      const holdsTop = (await db.read(databasePaths.leaderboardTop(week))) !== null
      expect(holdsTop).toBe(db.database === databases.leaderboardHomeOf(week))
    }
  }, 60_000)
})

describe('createGameDatabases with a table switch', () => {
  /** Instances as labelled stand-ins: routing reads no data, so none is opened. */
  const fake = (name: string) => ({ name }) as unknown as Database
  const AT = Date.UTC(2026, 11, 9) // a Wednesday: the week it falls in stays on the old leaderboard instances
  const current = { regions: { w21: 'r-old' }, players: ['p1'], leaderboards: ['l1'] }
  const next = { regions: { w21: 'r-new' }, players: ['p1', 'p2'], leaderboards: ['l2', 'l3'] }
  const open = (url: string) => fake(url)
  const mainFake = fake('main')
  const name = (database: Database) => (database as unknown as { name: string }).name
  const firstWindow = AT / (spawnWindowOf(AT).end - spawnWindowOf(AT).start)
  const switchWeek = weekOf(AT).index

  test('default: without a switch, the clock is never read and a call is this view', async () => {
    const clock = vi.fn(() => AT)
    const plain = createGameDatabases(mainFake, current, open, { now: clock })
    expect(name(plain.ofPlayer(uidOf(1)))).toBe('p1')
    expect(name(plain.ofCell('w21z73', firstWindow + 5))).toBe('r-old')
    expect(await plain.forPlayer(uidOf(1), AT + 86_400_000)).toBe(plain)
    expect(clock).not.toHaveBeenCalled()
  })

  test('behavior: regional data by its spawn window, the leaderboard by its week, both tables in the walks', () => {
    const switched = createGameDatabases(mainFake, current, open, { change: { at: AT, next }, now: () => AT })
    expect(name(switched.ofCell('w21z73', firstWindow - 1))).toBe('r-old')
    expect(name(switched.ofCell('w21z73', firstWindow))).toBe('r-new')
    expect(name(switched.ofCell('u09tvw', firstWindow))).toBe('main')
    // The week the switch falls in keeps its instances; the next Monday's week moves.
    expect(name(switched.leaderboardHomeOf(switchWeek))).toBe('l1')
    expect(switched.leaderboardsOf(switchWeek).map(name)).toEqual(['l1'])
    expect([0, 1, 2].map((shard) => name(switched.ofCounterShard(shard, switchWeek)))).toEqual(['l1', 'l1', 'l1'])
    expect(name(switched.leaderboardHomeOf(switchWeek + 1))).toBe('l2')
    expect(switched.leaderboardsOf(switchWeek + 1).map(name)).toEqual(['l2', 'l3'])
    expect([0, 1, 2].map((shard) => name(switched.ofCounterShard(shard, switchWeek + 1)))).toEqual(['l2', 'l3', 'l2'])
    expect(switched.regional.map(name)).toEqual(['main', 'r-old', 'r-new'])
    expect(switched.players.map(name)).toEqual(['p1', 'p2'])
    expect(switched.leaderboards.map(name)).toEqual(['l1', 'l2', 'l3'])
    expect(switched.all.map(name).sort()).toEqual(['l1', 'l2', 'l3', 'main', 'p1', 'p2', 'r-new', 'r-old'])
  })

  test('behavior: players by the clock, moving only after the grace; a call keeps the moment it started at', async () => {
    let clock = AT + PLAYER_MOVE_GRACE_MS - 1
    const switched = createGameDatabases(mainFake, current, open, { change: { at: AT, next }, now: () => clock })
    const router = createDatabaseRouter('', next)
    const staying = Array.from({ length: 50 }, (_, index) => uidOf(index)).find((uid) => router.instanceOfPlayer(uid) === 'p1')
    const moving = Array.from({ length: 50 }, (_, index) => uidOf(index)).find((uid) => router.instanceOfPlayer(uid) === 'p2')
    if (!staying || !moving) throw new Error('no uid of each kind among 50')
    expect(name(switched.ofPlayer(moving))).toBe('p1')
    // Before the grace nobody moves: the call's view needs no database at all.
    const early = await switched.forPlayer(moving, clock)
    clock += 1
    expect(name(switched.ofPlayer(moving))).toBe('p2')
    expect(name(early.ofPlayer(moving))).toBe('p1')
    // A player whose instance the switch keeps is not moved either (the fakes would throw on a move).
    const kept = await switched.forPlayer(staying, clock)
    expect(name(kept.ofPlayer(staying))).toBe('p1')
  })

  test('behavior: any window and week routes by which side of the switch it starts on', () => {
    const switched = createGameDatabases(mainFake, current, open, { change: { at: AT, next }, now: () => AT })
    fc.assert(
      fc.property(fc.integer({ min: firstWindow - 10_000, max: firstWindow + 10_000 }), (window) => {
        expect(name(switched.ofCell('w21z73t', window))).toBe(window >= firstWindow ? 'r-new' : 'r-old')
        const week = weekOf(window * (spawnWindowOf(AT).end - spawnWindowOf(AT).start))
        // A week is the next table's only when it starts at or after the switch.
        expect(name(switched.leaderboardHomeOf(week.index))).toBe(week.startsAt >= AT ? 'l2' : 'l1')
      }),
    )
  })
})
