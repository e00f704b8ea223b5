import { databasePaths, formatDropId, type InventoryItem, spawnWindowOf, WEEK_MS, weekOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { notificationPaths } from '../notifications/notificationPaths.js'
import { awardClaim } from './awardClaim.js'
import type { Claim } from './claimSchema.js'
import { bucketCount } from './syncLeaderboardScore.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const uid = '0x00000000000000000000000000000000000A11cE'
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now).index
const cell = 'w21z6h8'
const watchCell = 'w21z6h'
const dropId = formatDropId({ cell, window, index: 1 })
const otherId = formatDropId({ cell, window, index: 2 })
const record = { lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'rare', expiresAt: spawnWindowOf(now).end } as const
const item: InventoryItem = { kind: 'gem', rarity: 'rare', dropId, lat: 1.3, lng: 103.8, collectedAt: now }
const claim: Claim = { uid, watchCell, window, item, at: now }
const claimOf = (id: string): Claim => ({ ...claim, item: { ...item, dropId: id } })
const publicId = 'pa11ce0000000000000000000'
const week = weekOf(now).index
const progress = { timeZone: 'UTC', day: '2025-01-01', today: 1, streak: 1, best: 1, updatedAt: now, timeZoneSince: now }

let db: TestDatabase
let database: Database
beforeAll(async () => {
  db = await startTestDatabase()
  database = db.database
})
beforeEach(() =>
  database.ref().set({
    drops: { [window]: { [watchCell]: { [dropId]: record, [otherId]: record } } },
    claims: { [window]: { [dropId]: claim, [otherId]: claimOf(otherId) } },
    profiles: { [uid]: { publicId: 'p0', verifiedLevel: 'orb', createdAt: 1, username: 'alice' } },
  }),
)
afterEach(() => database.ref().set(null))
afterAll(() => db.close())

describe('awardClaim', () => {
  test('default', async () => {
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(databasePaths.inventory(uid))).toEqual({ [dropId]: item })
    expect(await db.read(databasePaths.drop(window, watchCell, dropId))).toBeNull()
    expect(await db.read(databasePaths.drop(window, watchCell, otherId))).toEqual(record)
    expect(await db.read(databasePaths.profile(uid))).toEqual({
      publicId: 'p0',
      verifiedLevel: 'orb',
      createdAt: 1,
      username: 'alice',
      stats: { collected: 1, counted: { [dropId]: window } },
      progress,
      collection: { gem: { rare: { count: 1, firstAt: now } } },
    })
    expect(await db.read(databasePaths.claim(window, dropId))).toEqual({ ...claim, delivered: true })
    expect(await db.read(databasePaths.claim(window, otherId))).toEqual(claimOf(otherId))
  })

  test('behavior: resolves what the reply tells: first find, count, points, progress', async () => {
    expect(await awardClaim(database, dropId, claim, now)).toEqual({ firstFind: true, count: 1, points: 0, progress })
    const second = await awardClaim(database, otherId, { ...claimOf(otherId), at: now + 1_000 }, now + 1_000)
    expect(second).toEqual({
      firstFind: false,
      count: 2,
      points: 0,
      progress: { ...progress, today: 2, updatedAt: now + 1_000 },
    })
    // A repeat of the first: the same answer about it, read back from the profile.
    expect(await awardClaim(database, dropId, claim, now + 2_000)).toMatchObject({ firstFind: true, count: 2, points: 0 })
  })

  test('behavior: a ranked player (orb, public id): weekly points and the board, once', async () => {
    await database.ref(`profiles/${uid}/publicId`).set(publicId)
    expect((await awardClaim(database, dropId, claim, now)).points).toBe(5)
    await awardClaim(database, dropId, claim, now + 1_000)
    expect(await awardClaim(database, otherId, claimOf(otherId), now + 2_000)).toMatchObject({ points: 5, count: 2 })
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 10 })
    expect(await db.read(`${databasePaths.leaderboard(week)}/scores`)).toEqual({
      a1: { [publicId]: { points: 10, at: now + 2_000, counted: 10 } },
    })
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 10)))).toBe(1)
    expect(bucketCount(await db.read(databasePaths.leaderboardBlock(week, 0)))).toBe(1)
    expect(await db.read(databasePaths.leaderboardBucket(week, 5))).toBeNull()
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [publicId]: { points: 10, at: now + 2_000 } })
  })

  test('behavior: 10 concurrent runs for a ranked player on 3 instances put the points on the board once', async () => {
    await database.ref(`profiles/${uid}/publicId`).set(publicId)
    const instances = [database, db.openInstance(), db.openInstance()]
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        awardClaim(
          instances[index % instances.length] as Database,
          index % 2 ? otherId : dropId,
          index % 2 ? claimOf(otherId) : claim,
          now,
        ),
      ),
    )
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 10 })
    expect(Object.keys((await db.read<object>(databasePaths.leaderboardHistogramBlock(week, 0))) ?? {})).toEqual(['10'])
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 10)))).toBe(1)
    expect(bucketCount(await db.read(databasePaths.leaderboardBlock(week, 0)))).toBe(1)
    expect(await db.read(databasePaths.leaderboardScore(week, publicId))).toMatchObject({ points: 10, counted: 10 })
  })

  test('behavior: a crash after counting, before the board: the next run puts the points there, once', async () => {
    await database.ref(`profiles/${uid}/publicId`).set(publicId)
    const crash = new Error('the function instance died')
    await expect(
      awardClaim(database, dropId, claim, now, {
        afterCount: () => {
          throw crash
        },
      }),
    ).rejects.toBe(crash)
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 5 })
    expect(await db.read(databasePaths.leaderboard(week))).toBeNull()
    expect(await db.read(`claims/${window}/${dropId}/delivered`)).toBeNull()

    expect(await awardClaim(database, dropId, claim, now + 60_000)).toMatchObject({ points: 5, count: 1, firstFind: true })
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 5)))).toBe(1)
    expect(bucketCount(await db.read(databasePaths.leaderboardBlock(week, 0)))).toBe(1)
    expect(await db.read(`claims/${window}/${dropId}/delivered`)).toBe(true)
  })

  test('behavior: a find from a week the player has already left adds no points', async () => {
    await database.ref(`profiles/${uid}`).update({ publicId, week: { week: week + 1, points: 7 } })
    const outcome = await awardClaim(database, dropId, claim, now + WEEK_MS)
    expect(outcome).toMatchObject({ points: 0, count: 1 })
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week: week + 1, points: 7 })
  })

  test('behavior: a new week starts from zero; an old week is never put back on a purged board', async () => {
    await database.ref(`profiles/${uid}`).update({ publicId, week: { week: week - 1, points: 40 } })
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 5 })

    // The purge finishing a claim two weeks late: counted on the profile's week, not re-created on the board.
    await database.ref().update({ [`profiles/${uid}/week`]: null, leaderboards: null })
    await awardClaim(database, otherId, claimOf(otherId), now + 2 * WEEK_MS)
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 5 })
    expect(await db.read('leaderboards')).toBeNull()
  })

  test('behavior: the find that starts a streak files a player who granted notifications for the streak reminders, once', async () => {
    const player = notificationPaths.player(uid)
    await database.ref(player).set({ granted: true, optedOut: false, timeZone: 'UTC', updatedAt: 1 })
    await awardClaim(database, dropId, claim, now)
    // UTC's 19:00 is slot 19; the second find of the day and a repeat write nothing more.
    expect(await db.read('notifications/slots')).toEqual({ 19: { [uid]: true } })
    expect(await db.read(player)).toEqual({ granted: true, optedOut: false, slot: 19, timeZone: 'UTC', updatedAt: 1 })
    await database.ref(notificationPaths.slotEntry(19, uid)).set(null)
    await awardClaim(database, otherId, { ...claimOf(otherId), at: now + 1_000 }, now + 1_000)
    expect(await db.read('notifications/slots')).toBeNull()
  })

  test('behavior: a find files nobody who did not grant notifications, or switched the reminders off', async () => {
    await database.ref(notificationPaths.player(uid)).set({ granted: true, optedOut: true, timeZone: 'UTC', updatedAt: 1 })
    await awardClaim(database, dropId, claim, now)
    await database.ref(notificationPaths.player(uid)).set({ granted: false, optedOut: false, timeZone: 'UTC', updatedAt: 1 })
    await awardClaim(database, otherId, { ...claimOf(otherId), at: now + 1_000 }, now + 1_000)
    expect(await db.read('notifications/slots')).toBeNull()
  })

  test("behavior: the claim's time zone decides the day of a first find", async () => {
    await awardClaim(database, dropId, { ...claim, timeZone: 'Pacific/Kiritimati' }, now)
    expect(await db.read(`profiles/${uid}/progress`)).toEqual({ ...progress, timeZone: 'Pacific/Kiritimati', day: '2025-01-02' })
  })

  test('behavior: running it twice counts once and changes nothing more', async () => {
    await awardClaim(database, dropId, claim, now)
    const after = await db.read('/')
    await awardClaim(database, dropId, { ...claim, delivered: true }, now + 60_000)
    expect(await db.read('/')).toEqual(after)
  })

  test('behavior: 10 concurrent runs on 3 instances count once', async () => {
    const instances = [database, db.openInstance(), db.openInstance()]
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => awardClaim(instances[index % instances.length] as Database, dropId, claim, now)),
    )
    expect(await db.read(`profiles/${uid}/stats`)).toEqual({ collected: 1, counted: { [dropId]: window } })
    expect(await db.read(databasePaths.inventory(uid))).toEqual({ [dropId]: item })
    expect(await db.read(`claims/${window}/${dropId}/delivered`)).toBe(true)
  })

  test('behavior: different drops, awarded at once, are each counted', async () => {
    const instances = [database, db.openInstance()]
    await Promise.all([
      awardClaim(instances[0] as Database, dropId, claim, now),
      awardClaim(instances[1] as Database, otherId, claimOf(otherId), now),
    ])
    expect(await db.read(`profiles/${uid}/stats`)).toEqual({ collected: 2, counted: { [dropId]: window, [otherId]: window } })
    expect(Object.keys((await db.read(databasePaths.inventory(uid))) ?? {}).sort()).toEqual([dropId, otherId])
    expect(await db.read(`drops/${window}`)).toBeNull()
  })

  test('behavior: counts onto an existing total and keeps other stats fields', async () => {
    await database.ref(`profiles/${uid}/stats`).set({ collected: 41, counted: { [otherId]: window }, streak: 3 })
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(`profiles/${uid}/stats`)).toEqual({
      collected: 42,
      counted: { [otherId]: window, [dropId]: window },
      streak: 3,
    })
  })

  test('behavior: forgets counted drops older than 48 windows', async () => {
    const old = (age: number) => formatDropId({ cell, window: window - age, index: 0 })
    await database.ref(`profiles/${uid}/stats`).set({
      collected: 5,
      counted: { [old(49)]: window - 49, [old(48)]: window - 48, [old(1)]: window - 1, junk: 'x' },
    })
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(`profiles/${uid}/stats`)).toEqual({
      collected: 6,
      counted: { [old(48)]: window - 48, [old(1)]: window - 1, [dropId]: window },
    })
  })

  test('behavior: a repeat prunes too, without counting', async () => {
    const ancient = formatDropId({ cell, window: window - 100, index: 0 })
    await database.ref(`profiles/${uid}/stats`).set({ collected: 3, counted: { [ancient]: window - 100, [dropId]: window } })
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(`profiles/${uid}/stats`)).toEqual({ collected: 3, counted: { [dropId]: window } })
  })

  test.each([
    { name: 'a string', stats: 'junk' },
    { name: 'a non-numeric total and counted list', stats: { collected: 'many', counted: 'all' } },
  ])('behavior: malformed stats ($name) start from zero', async ({ stats }) => {
    await database.ref(`profiles/${uid}/stats`).set(stats)
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(`profiles/${uid}/stats`)).toMatchObject({ collected: 1, counted: { [dropId]: window } })
  })

  test('behavior: a claim whose public record is already gone (and no profile yet) is still delivered', async () => {
    await database.ref().update({ [`drops/${window}`]: null, [`profiles/${uid}`]: null })
    await awardClaim(database, dropId, claim, now + 3_600_000)
    expect(await db.read(databasePaths.inventory(uid))).toEqual({ [dropId]: item })
    expect(await db.read(databasePaths.profile(uid))).toEqual({
      stats: { collected: 1, counted: { [dropId]: window } },
      progress: { ...progress, updatedAt: now, timeZoneSince: now },
      collection: { gem: { rare: { count: 1, firstAt: now } } },
    })
    expect(await db.read(`claims/${window}/${dropId}/delivered`)).toBe(true)
  })

  test('behavior: a claim deleted meanwhile (by the purge) is not re-created as a stub', async () => {
    // A player's late retry resumes an old undelivered claim while the purge delivers and deletes its window.
    await database.ref(`claims/${window}`).remove()
    await awardClaim(database, dropId, claim, now)
    expect(await db.read(databasePaths.inventory(uid))).toEqual({ [dropId]: item })
    expect(await db.read(`claims/${window}`)).toBeNull()
  })

  test('behavior: a claim older than 48 windows (a purge catching up) run twice still counts once', async () => {
    // The purge catches up to 96 windows after downtime; a crash between counting and `delivered` is repeated.
    const oldWindow = window - 60
    const oldId = formatDropId({ cell, window: oldWindow, index: 0 })
    const oldClaim: Claim = { ...claim, window: oldWindow, item: { ...item, dropId: oldId } }
    await awardClaim(database, oldId, oldClaim, now)
    await awardClaim(database, oldId, oldClaim, now)
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
  })
})
