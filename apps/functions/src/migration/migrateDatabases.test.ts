// A table switch lived through on four database stand-ins (issue 35, point 3):
// 1,000 players on one player instance, a busy Singapore on main, then a new
// player instance and Singapore's own instance from a UTC midnight. The dry run
// writes nothing; the run moves half the players exactly once, through crashes;
// the region spawns its new windows on its new instance and nothing twice.
import { createSwitchedRouter, databasePaths, PLAYER_MOVE_GRACE_MS, SPAWN_WINDOW_MS, watchCellsAround } from '@worldmap/game'
import { spawnDayOf } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createGameDatabases } from '../database/gameDatabases.js'
import { MOVE_LEASE_MS, movePath, playerRecordPaths } from '../database/movePlayer.js'
import { spawnDropsInDatabase } from '../database/spawnDropsInDatabase.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { notificationPaths } from '../notifications/notificationPaths.js'
import { MigrationTooEarlyError } from './MigrationTooEarlyError.js'
import { planMigration, runMigration } from './migrateDatabases.js'

const PLAYERS = Number(process.env.MIGRATION_TEST_PLAYERS ?? 1_000)
const AT = Date.UTC(2026, 11, 9)
const seed = 'migration-seed-0123456789abcdef0123'
const raffles = { lat: 1.2834, lng: 103.8607 }
const uidOf = (index: number) => `0x${(index * 2_654_435_761 + 1).toString(16).padStart(40, '0')}`
const uids = Array.from({ length: PLAYERS }, (_, index) => uidOf(index))

let main: TestDatabase
let p1: TestDatabase
let p2: TestDatabase
let sea: TestDatabase
let handles: Map<string, Database>
const open = (url: string) => handles.get(url) as Database
let router: ReturnType<typeof createSwitchedRouter>
beforeAll(async () => {
  ;[main, p1, p2, sea] = await Promise.all([startTestDatabase(), startTestDatabase(), startTestDatabase(), startTestDatabase()])
  handles = new Map([main, p1, p2, sea].map((instance) => [instance.url, instance.database]))
  router = createSwitchedRouter(
    main.url,
    { players: [p1.url] },
    { at: AT, next: { regions: { w21: sea.url }, players: [p1.url, p2.url] } },
  )
})
afterAll(() => Promise.all([main, p1, p2, sea].map((instance) => instance?.close())))

/** Everything a busy player has the evening before the switch: each kind of record, today's and yesterday's days. */
function recordsOf(uid: string, index: number): Record<string, unknown> {
  const day = spawnDayOf(AT / SPAWN_WINDOW_MS - 1)
  const window = AT / SPAWN_WINDOW_MS - 1
  const rewardId = `streak_${window}_${index.toString(16).padStart(12, '0')}`
  const slot = index % 24
  return {
    [databasePaths.profile(uid)]: {
      publicId: `p${index.toString(16).padStart(24, '0')}`,
      verifiedLevel: 'orb',
      stats: { collected: index % 40, counted: { [`w21z73t_${window}_${index % 5}`]: window } },
      progress: { timeZone: 'Asia/Singapore', day: 20_000, today: 2, streak: 3, best: 5, updatedAt: AT - 60_000 },
      week: { week: 2_971, points: index % 90 },
    },
    [databasePaths.player(uid)]: {
      last: { lat: 1.28, lng: 103.86, at: AT - 60_000, slack: 10 },
      spawn: { tokens: 4, at: AT - 1 },
    },
    [databasePaths.inventoryItem(uid, `w21z73t_${window}_${index % 5}`)]: { kind: 'coin', rarity: 'common', collectedAt: AT - 9 },
    [databasePaths.streakDrop(uid, rewardId)]: {
      lat: 1.28,
      lng: 103.86,
      kind: 'gem',
      rarity: 'rare',
      expiresAt: AT + 1,
      streakDay: 3,
    },
    [databasePaths.streakReward(day, uid)]: { dropId: rewardId, at: AT - 100 },
    [databasePaths.claim(window, rewardId)]: { uid, watchCell: 'w21z73', window, item: { kind: 'gem' }, at: AT - 50 },
    [databasePaths.spotFind(day, uid, `w21z73t_${index % 5}`)]: `w21z73t_${window}_${index % 5}`,
    [notificationPaths.player(uid)]: { granted: true, optedOut: false, slot, timeZone: 'Asia/Singapore', updatedAt: AT - 5 },
    [notificationPaths.slotEntry(slot, uid)]: true,
    [notificationPaths.sent(uid)]: { day, at: AT - 3_600_000, status: 'sent', streak: 3 },
  }
}

const readAt = async (database: Database, path: string) => (await database.ref(path).once('value')).val() as unknown
const dump = async () =>
  Promise.all([main, p1, p2, sea].map(async (instance) => (await instance.database.ref().once('value')).val()))

// Heavy on purpose: a thousand players' records, read back one by one.
describe('migrateDatabases: a switch at a UTC midnight', { timeout: 600_000 }, () => {
  test('behavior: the dry run counts 1,000 players and the region move, and writes nothing', async () => {
    const records: Record<string, unknown> = {}
    for (const [index, uid] of uids.entries()) Object.assign(records, recordsOf(uid, index))
    await p1.database.ref().update(records)
    // A busy Singapore the window before the switch: the 9 watch cells around Raffles Place, on main.
    const lastWindow = AT / SPAWN_WINDOW_MS - 1
    const before = createGameDatabases(main.database, { regions: router.forWindow(lastWindow).regionTable }, open)
    expect(await spawnDropsInDatabase(before, watchCellsAround(raffles.lat, raffles.lng), AT - 60_000, { seed })).toBe(9)

    const state = await dump()
    const { plan } = await planMigration({ router, open })
    expect(await dump()).toEqual(state)
    expect(plan.regions).toEqual([{ prefix: 'w21', from: main.url, to: sea.url }])
    expect(plan.moves).toHaveLength(1)
    const moving = plan.moves[0]?.players ?? 0
    expect(plan.moves[0]).toMatchObject({ from: p1.url, to: p2.url })
    expect(moving + plan.staying).toBe(PLAYERS)
    expect(moving).toBeGreaterThan(PLAYERS * 0.4)
    expect(moving).toBeLessThan(PLAYERS * 0.6)
  })

  test('error: before the grace after the switch, the run refuses and moves nobody', async () => {
    await expect(runMigration({ router, open }, AT + PLAYER_MOVE_GRACE_MS - 1)).rejects.toThrow(MigrationTooEarlyError)
    expect(await readAt(p2.database, 'profiles')).toBeNull()
  })

  test('behavior: the run moves every moving player exactly once, through a crash after the lease and one after the copy', async () => {
    const now = AT + PLAYER_MOVE_GRACE_MS
    const movers = uids.filter((uid) => router.playerAt(uid, now).from !== null)
    const expected = new Map(uids.map((uid, index) => [uid, recordsOf(uid, index)]))
    const [leaseCrash, copyCrash] = movers as [string, string]
    const crash = (uid: string) =>
      uid === leaseCrash
        ? { afterLease: () => Promise.reject(new Error('crash after the lease')) }
        : uid === copyCrash
          ? { afterCopy: () => Promise.reject(new Error('crash after the copy')) }
          : {}
    const crashed = await runMigration({ router, open }, now, { concurrency: 32, hooks: crash })
    expect(crashed.failed.map(({ uid, message }) => [uid, message]).sort()).toEqual(
      [
        [leaseCrash, 'crash after the lease'],
        [copyCrash, 'crash after the copy'],
      ].sort(),
    )
    expect(crashed.moved).toBe(movers.length - 2)

    // Again once the dead run's lease has expired: the rest move, the crashed ones finish, nobody twice.
    const later = now + MOVE_LEASE_MS + 1
    const report = await runMigration({ router, open }, later, { concurrency: 32 })
    // Only the two crashed players are still listed on the old instance: the lease crash is moved now, the copy crash had arrived.
    expect(report).toMatchObject({ moved: 1, arrived: 1, busy: [], failed: [] })

    // Every record once, where the player now lives, identical; nothing left behind (one read per instance).
    const trees = new Map([
      [p1.url, await p1.database.ref().once('value')],
      [p2.url, await p2.database.ref().once('value')],
    ])
    for (const [uid, records] of expected) {
      const home = router.playerAt(uid, later)
      const there = trees.get(home.instance)
      const other = trees.get(home.instance === p1.url ? p2.url : p1.url)
      for (const [path, value] of Object.entries(records)) {
        expect(there?.child(path).val(), `${uid} ${path}`).toEqual(value)
        expect(other?.child(path).exists()).toBe(false)
      }
      if (home.from !== null) expect(there?.child(movePath(uid)).val()).toMatchObject({ state: 'arrived' })
    }
    // Nothing else was copied: the paths a move reads are exactly the seeded ones.
    const sample = movers[3] as string
    expect((await playerRecordPaths(open(router.playerAt(sample, later).instance), sample, AT - 1)).length).toBeGreaterThan(8)

    // Done: the dry run lists no move, and a third run moves nobody.
    expect((await planMigration({ router, open })).plan).toMatchObject({ moves: [], staying: PLAYERS - movers.length })
    const again = await runMigration({ router, open }, later + 1, { concurrency: 32 })
    expect(again).toMatchObject({ moved: 0, arrived: 0, records: 0, busy: [], failed: [] })
  })

  test('behavior: Singapore spawns its first window after the switch on its new instance, and no window twice', async () => {
    const firstWindow = AT / SPAWN_WINDOW_MS
    const cells = watchCellsAround(raffles.lat, raffles.lng)
    const databasesOf = (window: number) =>
      createGameDatabases(main.database, { regions: router.forWindow(window).regionTable }, open)
    // A late call of the last window before the switch finds its markers on main: nothing spawns again.
    expect(await spawnDropsInDatabase(databasesOf(firstWindow - 1), cells, AT - 1, { seed })).toBe(0)
    expect(await spawnDropsInDatabase(databasesOf(firstWindow), cells, AT + 1, { seed })).toBe(9)
    expect(await spawnDropsInDatabase(databasesOf(firstWindow), cells, AT + 2, { seed })).toBe(0)
    const markers = async (database: Database, window: number) =>
      Object.keys(((await readAt(database, `spawned/${window}`)) as Record<string, unknown> | null) ?? {}).sort()
    expect(await markers(main.database, firstWindow - 1)).toEqual([...cells].sort())
    expect(await markers(sea.database, firstWindow - 1)).toEqual([])
    expect(await markers(sea.database, firstWindow)).toEqual([...cells].sort())
    expect(await markers(main.database, firstWindow)).toEqual([])
  })
})
