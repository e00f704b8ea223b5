import { databasePaths, formatDropId, type InventoryItem, SPAWN_WINDOW_MS, spawnWindowOf, WEEK_MS, weekOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test } from 'vitest'
import type { Claim } from './claimSchema.js'
import { type PurgeReport, purgeExpired } from './purgeExpired.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const current = spawnWindowOf(now).index
const thisWeek = weekOf(now).index
/** The UTC day of `now` (days since 1970). */
const today = Math.floor(now / (24 * 60 * 60 * 1000))
const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
/** Three spawn cells in two watch cells. */
const cells = ['w21z6h8', 'w21z6h9', 'w21z73t'] as const
const idOf = (window: number, cell: string, index = 0) => formatDropId({ cell, window, index })
const recordOf = (window: number) =>
  ({ lat: 1.3, lng: 103.8, kind: 'coin', rarity: 'common', expiresAt: (window + 1) * SPAWN_WINDOW_MS }) as const
const itemOf = (window: number, cell: string): InventoryItem => ({
  kind: 'coin',
  rarity: 'common',
  dropId: idOf(window, cell),
  lat: 1.3,
  lng: 103.8,
  collectedAt: window * SPAWN_WINDOW_MS + 60_000,
})
const claimOf = (window: number, cell: string, uid: string, delivered: boolean): Claim => ({
  uid,
  watchCell: cell.slice(0, 6),
  window,
  item: itemOf(window, cell),
  at: window * SPAWN_WINDOW_MS + 60_000,
  ...(delivered ? { delivered: true as const } : {}),
})

/**
 * One window's data: markers for the three cells, their drops (index 1 of the first cell was collected
 * by alice: delivered; index 1 of the second by bob: the function died before delivering it).
 */
function windowData(window: number) {
  const drops: Record<string, Record<string, unknown>> = {}
  for (const cell of cells) drops[cell.slice(0, 6)] = { ...drops[cell.slice(0, 6)], [idOf(window, cell)]: recordOf(window) }
  return {
    spawned: Object.fromEntries(cells.map((cell) => [cell, window * SPAWN_WINDOW_MS])),
    drops,
    claims: {
      [idOf(window, cells[0])]: claimOf(window, cells[0], alice, true),
      [idOf(window, cells[1])]: claimOf(window, cells[1], bob, false),
    },
  }
}

/** Data in the current window, the one before, and three windows ago (with a stray cell and a malformed claim). */
function fixture() {
  const windows = [current, current - 1, current - 3]
  const data = {
    spawned: {} as Record<string, unknown>,
    drops: {} as Record<string, unknown>,
    claims: {} as Record<string, unknown>,
    inventories: { [alice]: Object.fromEntries(windows.map((window) => [idOf(window, cells[0]), itemOf(window, cells[0])])) },
    profiles: { [bob]: { publicId: 'pbob', verifiedLevel: 'orb', createdAt: 1 } },
    // Today's and yesterday's are kept; three days ago goes.
    spotFinds: Object.fromEntries(
      [today, today - 1, today - 3].map((day) => [day, { [alice]: { w21z73t_0: `w21z73t_${day * 48}_0` } }]),
    ),
    streakRewards: Object.fromEntries(
      [today, today - 1, today - 3].map((day) => [day, { [bob]: { dropId: 'streak_1_0123456789ab', at: 1 } }]),
    ),
  }
  for (const window of windows) {
    const { spawned, drops, claims } = windowData(window)
    data.spawned[window] = spawned
    data.drops[window] = drops
    data.claims[window] = claims
  }
  // A watch cell written without a marker, and a claim nobody can read.
  ;(data.drops[current - 3] as Record<string, unknown>).w21z75 = { [idOf(current - 3, 'w21z75p')]: recordOf(current - 3) }
  ;(data.claims[current - 3] as Record<string, unknown>)[idOf(current - 3, 'w21z75p')] = { uid: bob, item: 'a gem' }
  return data
}

/** {@link fixture} with a bookmark a few windows back: shorter runs. */
const bookmarked = () => ({ ...fixture(), meta: { purge: { drops: current - 5, claims: current - 5 } } })

/** `[from, …, to]`. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

// firebase-server answers one request at a time: a run over a day of windows takes a while on a busy machine.
describe('purgeExpired', { timeout: 30_000 }, () => {
  test('default', async () => {
    await database.ref().set(fixture())
    const report = await purgeExpired(database, now)
    const malformed = idOf(current - 3, 'w21z75p')
    expect(report).toEqual({
      // A first run looks back a day of windows.
      dropWindows: range(current - 48, current - 1),
      watchCells: 4,
      claimWindows: range(current - 49, current - 2),
      recovered: 1,
      malformedClaims: [`claims/${current - 3}/${malformed}`],
      // A first run looks back 4 weeks before last week.
      leaderboardWeeks: range(thisWeek - 5, thisWeek - 2),
      // …and a week of days before yesterday.
      days: range(today - 8, today - 2),
      // …and a day of crowd windows.
      crowdWindows: range(current - 48, current - 1),
    } satisfies PurgeReport)
    expect(Object.keys((await db.read('spotFinds')) ?? {})).toEqual([String(today - 1), String(today)])
    expect(Object.keys((await db.read('streakRewards')) ?? {})).toEqual([String(today - 1), String(today)])
    // Public drops and markers: only the current window is left.
    expect(await db.read('drops')).toEqual({ [current]: windowData(current).drops })
    expect(await db.read('spawned')).toEqual({ [current]: windowData(current).spawned })
    // Claims: the previous window's are kept (a collect may still be finishing), older ones go.
    expect(await db.read('claims')).toEqual({
      [current]: windowData(current).claims,
      [current - 1]: windowData(current - 1).claims,
    })
    // Bob's undelivered claim of three windows ago reached his inventory and was counted, once.
    expect(await db.read(`inventories/${bob}`)).toEqual({ [idOf(current - 3, cells[1])]: itemOf(current - 3, cells[1]) })
    const foundAt = (current - 3) * SPAWN_WINDOW_MS + 60_000
    expect(await db.read(`profiles/${bob}`)).toEqual({
      publicId: 'pbob',
      verifiedLevel: 'orb',
      createdAt: 1,
      stats: { collected: 1, counted: { [idOf(current - 3, cells[1])]: current - 3 } },
      // Counted at the time of the find, not of the purge.
      progress: { timeZone: 'UTC', day: '2025-01-01', today: 1, streak: 1, best: 1, updatedAt: foundAt, timeZoneSince: foundAt },
      collection: { coin: { common: { count: 1, firstAt: foundAt } } },
    })
    // The undelivered claim of the previous window waits for its collector or a later purge.
    expect(await db.read(`inventories/${bob}/${idOf(current - 1, cells[1])}`)).toBeNull()
    // Alice's delivered claims are not awarded again.
    expect(await db.read(`profiles/${alice}`)).toBeNull()
    // The malformed claim is kept, for a human to look at.
    expect(await db.read('quarantine')).toEqual({
      claims: { [current - 3]: { [malformed]: { uid: bob, item: 'a gem' } } },
    })
    expect(await db.read('meta/purge')).toEqual({
      drops: current - 1,
      claims: current - 2,
      leaderboards: thisWeek - 2,
      days: today - 2,
      crowd: current - 1,
    })
  })

  test('behavior: a second run does nothing new', async () => {
    await database.ref().set(bookmarked())
    await purgeExpired(database, now)
    const after = await db.read('/')
    expect(await purgeExpired(database, now + 60_000)).toEqual({
      dropWindows: [],
      watchCells: 0,
      claimWindows: [],
      recovered: 0,
      malformedClaims: [],
      leaderboardWeeks: [],
      days: [],
      crowdWindows: [],
    })
    expect(await db.read('/')).toEqual(after)
  })

  test('behavior: the next window, the next run goes on from the bookmark', async () => {
    await database.ref().set(bookmarked())
    await purgeExpired(database, now)
    const report = await purgeExpired(database, now + SPAWN_WINDOW_MS)
    expect(report).toEqual({
      dropWindows: [current],
      watchCells: 2,
      claimWindows: [current - 1],
      recovered: 1,
      malformedClaims: [],
      leaderboardWeeks: [],
      days: [],
      crowdWindows: [current],
    })
    expect(await db.read('drops')).toBeNull()
    expect(await db.read('spawned')).toBeNull()
    expect(await db.read('claims')).toEqual({ [current]: windowData(current).claims })
    expect(await db.read(`profiles/${bob}/stats/collected`)).toBe(2)
    expect(await db.read('meta/purge')).toEqual({
      drops: current,
      claims: current - 1,
      leaderboards: thisWeek - 2,
      days: today - 2,
      crowd: current,
    })
  })

  test('behavior: with a bookmark, windows before it are not looked at again', async () => {
    await database.ref().set({ ...fixture(), meta: { purge: { drops: current - 2, claims: current - 4 } } })
    const report = await purgeExpired(database, now)
    expect(report).toMatchObject({ dropWindows: [current - 1], claimWindows: [current - 3, current - 2], recovered: 1 })
    // Three windows ago is "done" for drops: left alone.
    expect(Object.keys((await db.read('drops')) ?? {}).sort()).toEqual([String(current - 3), String(current)])
    expect(await db.read(`claims/${current - 3}`)).toBeNull()
  })

  test('behavior: a first run looks back 48 windows, no further', async () => {
    const data = {
      spawned: { [current - 48]: windowData(current - 48).spawned, [current - 49]: windowData(current - 49).spawned },
      drops: { [current - 48]: windowData(current - 48).drops, [current - 49]: windowData(current - 49).drops },
      claims: { [current - 49]: windowData(current - 49).claims, [current - 50]: windowData(current - 50).claims },
    }
    await database.ref().set(data)
    const report = await purgeExpired(database, now)
    expect(report).toMatchObject({ dropWindows: range(current - 48, current - 1), watchCells: 2, recovered: 1 })
    // Window −49's drops are out of reach of a first run — but delivering bob's claim there removed its record.
    const { [idOf(current - 49, cells[1])]: _delivered, ...left } = windowData(current - 49).drops.w21z6h ?? {}
    expect(await db.read('drops')).toEqual({ [current - 49]: { ...data.drops[current - 49], w21z6h: left } })
    expect(await db.read('spawned')).toEqual({ [current - 49]: data.spawned[current - 49] })
    expect(await db.read('claims')).toEqual({ [current - 50]: data.claims[current - 50] })
  })

  test('behavior: a run catches up at most 96 windows; the next run goes on', async () => {
    await database.ref('meta/purge').set({ drops: current - 200, claims: current - 5 })
    expect(await purgeExpired(database, now)).toMatchObject({
      dropWindows: range(current - 199, current - 104),
      claimWindows: [current - 4, current - 3, current - 2],
    })
    expect(await db.read('meta/purge')).toEqual({
      drops: current - 104,
      claims: current - 2,
      leaderboards: thisWeek - 2,
      days: today - 2,
      crowd: current - 1,
    })
  })

  test('behavior: a malformed bookmark is a first run', async () => {
    await database.ref().set({ ...fixture(), meta: { purge: { drops: 'yesterday', claims: current - 1.5 } } })
    const report = await purgeExpired(database, now)
    expect(report.dropWindows).toEqual(range(current - 48, current - 1))
    expect(report.claimWindows).toEqual(range(current - 49, current - 2))
  })

  test('behavior: drops of many watch cells are deleted in batches', async () => {
    const window = current - 1
    const base32 = '0123456789bcdefghjkmnpqrstuvwxyz'
    // 520 watch cells: two batches (500 + 20).
    const many = Array.from(
      { length: 520 },
      (_, index) => `w21${base32[index % 32]}${base32[Math.floor(index / 32) % 16]}${base32[Math.floor(index / 512)]}p`,
    )
    await database.ref().set({
      spawned: { [window]: Object.fromEntries(many.map((cell) => [cell, 1])) },
      drops: { [window]: Object.fromEntries(many.map((cell) => [cell.slice(0, 6), { [idOf(window, cell)]: recordOf(window) }])) },
    })
    const report = await purgeExpired(database, now)
    expect(report.watchCells).toBe(520)
    expect(await db.read('drops')).toBeNull()
    expect(await db.read('spawned')).toBeNull()
  })

  test('behavior: two runs at once on two instances end as one run would, counting once', async () => {
    await database.ref().set(bookmarked())
    const reports = await Promise.all([purgeExpired(database, now), purgeExpired(db.openInstance(), now)])
    // The later run starts from wherever the earlier one's bookmark got to.
    expect([...new Set(reports.flatMap((report) => report.dropWindows))].sort()).toEqual(range(current - 4, current - 1))
    expect([...new Set(reports.flatMap((report) => report.claimWindows))].sort()).toEqual(range(current - 4, current - 2))
    expect(await db.read('drops')).toEqual({ [current]: windowData(current).drops })
    expect(await db.read('claims')).toEqual({
      [current]: windowData(current).claims,
      [current - 1]: windowData(current - 1).claims,
    })
    expect(await db.read(`inventories/${bob}`)).toEqual({ [idOf(current - 3, cells[1])]: itemOf(current - 3, cells[1]) })
    expect(await db.read(`profiles/${bob}/stats/collected`)).toBe(1)
    expect(await db.read(`quarantine/claims/${current - 3}`)).toEqual({
      [idOf(current - 3, 'w21z75p')]: { uid: bob, item: 'a gem' },
    })
    expect(await db.read('meta/purge')).toEqual({
      drops: current - 1,
      claims: current - 2,
      leaderboards: thisWeek - 2,
      days: today - 2,
      crowd: current - 1,
    })
  })

  test('behavior: leaderboards before last week go, score shards first; this week and last week stay', async () => {
    const board = (week: number) => ({
      scores: {
        '00': { p00aaaaaaaaaaaaaaaaaaaaaa: { points: 3, at: 1, counted: 3 } },
        ff: { pffaaaaaaaaaaaaaaaaaaaaaa: { points: 9, at: 2, counted: 9 } },
      },
      histogram: { 3: { n: 1 }, 9: { n: 1 } },
      top: { p00aaaaaaaaaaaaaaaaaaaaaa: { points: 3, at: 1 }, pffaaaaaaaaaaaaaaaaaaaaaa: { points: 9, at: 2 } },
      floor: week,
    })
    const weeks = range(thisWeek - 3, thisWeek)
    await database.ref().set({
      leaderboards: Object.fromEntries(weeks.map((week) => [week, board(week)])),
      meta: { purge: { drops: current - 1, claims: current - 2, leaderboards: thisWeek - 4 } },
    })
    expect(await purgeExpired(database, now)).toMatchObject({ leaderboardWeeks: [thisWeek - 3, thisWeek - 2] })
    expect(await db.read('leaderboards')).toEqual({ [thisWeek - 1]: board(thisWeek - 1), [thisWeek]: board(thisWeek) })
    expect(await db.read('meta/purge/leaderboards')).toBe(thisWeek - 2)

    // Monday: last week's board is now two weeks old.
    const monday = weekOf(now).endsAt
    expect(await purgeExpired(database, monday)).toMatchObject({ leaderboardWeeks: [thisWeek - 1] })
    expect(Object.keys((await db.read('leaderboards')) ?? {})).toEqual([String(thisWeek)])
    expect(await purgeExpired(database, monday + WEEK_MS)).toMatchObject({ leaderboardWeeks: [thisWeek] })
    expect(await db.read(databasePaths.leaderboard(thisWeek))).toBeNull()
  })

  test('parameters: an empty database', async () => {
    expect(await purgeExpired(database, now)).toMatchObject({ watchCells: 0, recovered: 0, malformedClaims: [] })
    expect(await db.read('/')).toEqual({
      meta: {
        purge: { drops: current - 1, claims: current - 2, leaderboards: thisWeek - 2, days: today - 2, crowd: current - 1 },
      },
    })
  })
})
