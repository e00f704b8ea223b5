import { databasePaths, formatDropId, RARITY_POINTS, spawnWindowOf, TRAVEL_SLACK_METERS, weekOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { DropExpiredError } from '../refusals/DropExpiredError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { ImpossibleTravelError } from '../refusals/ImpossibleTravelError.js'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { LocationTooInaccurateError } from '../refusals/LocationTooInaccurateError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { OutOfReachError } from '../refusals/OutOfReachError.js'
import { RateLimitedError } from '../refusals/RateLimitedError.js'
import { type CollectDropInput, collectDropInDatabase } from './collectDropInDatabase.js'
import { StoredDataError } from './errors/StoredDataError.js'
import { purgeExpired } from './purgeExpired.js'
import { bucketCount } from './syncLeaderboardScore.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const { index: window, end: expiresAt } = spawnWindowOf(now)
const cell = 'w21z0yp'
const watchCell = 'w21z0y'
const dropId = formatDropId({ cell, window, index: 0 })
const drop = { lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'rare', expiresAt }
const dropPath = databasePaths.drop(window, watchCell, dropId)
const claimPath = databasePaths.claim(window, dropId)
/** Metres per degree of latitude (haversine, mean Earth radius). */
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`
const uid = uidOf(0)
const input: CollectDropInput = { uid, dropId, lat: north(10), lng: drop.lng, accuracy: 5 }
const item = { kind: 'gem', rarity: 'rare', dropId, lat: 1.3, lng: 103.8, collectedAt: now }
/** What a first find adds to the reply, for a player who is not ranked. */
const firstFind = {
  firstFind: true,
  count: 1,
  points: 0,
  progress: { today: 1, goal: 3, goalMet: false, streak: 1, best: 1, keptToday: true },
}
const progressAt = (at: number, timeZone = 'UTC', day = '2025-01-01') => ({
  timeZone,
  day,
  today: 1,
  streak: 1,
  best: 1,
  updatedAt: at,
  timeZoneSince: at,
})
const publicId = 'p0123456789abcdef01234567'

const verifiedProfiles = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [uidOf(index), { verifiedLevel: 'orb' }]))
const publicDrops = (drops: Record<string, unknown>) => ({ [window]: { [watchCell]: drops } })

let db: TestDatabase
let database: Database
async function start(data: Record<string, unknown>) {
  db = await startTestDatabase(data)
  database = db.database
}
beforeEach(() => start({ drops: publicDrops({ [dropId]: drop }), profiles: verifiedProfiles(1) }))
afterEach(() => db.close())

describe('collectDropInDatabase', () => {
  test('default: item in the inventory, public record gone, claim server-side, counted once', async () => {
    const result = await collectDropInDatabase(database, input, now)
    // The server's time, which the app's game clock learns from.
    expect(result).toEqual({ itemId: dropId, item, distance: expect.closeTo(10, 3), ...firstFind, serverTime: now })
    expect(await db.read(dropPath)).toBeNull()
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(claimPath)).toEqual({ uid, watchCell, window, item, at: now, delivered: true })
    expect(await db.read(`profiles/${uid}`)).toEqual({
      verifiedLevel: 'orb',
      stats: { collected: 1, counted: { [dropId]: window } },
      progress: progressAt(now),
      collection: { gem: { rare: { count: 1, firstAt: now } } },
    })
    // Not ranked without a public id: no weekly points, nothing on the board.
    expect(await db.read('leaderboards')).toBeNull()
    expect(await db.read(`players/${uid}/last`)).toEqual({ lat: input.lat, lng: input.lng, at: now, slack: TRAVEL_SLACK_METERS })
  })

  test('behavior: 20 concurrent calls by 20 verified players on one drop → exactly one wins', async () => {
    await db.close()
    await start({ drops: publicDrops({ [dropId]: drop }), profiles: verifiedProfiles(20) })
    // Four Admin apps, as if the calls landed on four function instances.
    const instances = [database, db.openInstance(), db.openInstance(), db.openInstance()]
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        collectDropInDatabase(instances[index % instances.length] as Database, { ...input, uid: uidOf(index) }, now),
      ),
    )
    const winners = settled.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [uidOf(index)] : []))
    const losers = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(19)
    for (const reason of losers) expect(reason).toBeInstanceOf(AlreadyCollectedError)
    const winner = winners[0] as string
    expect(await db.read('inventories')).toEqual({ [winner]: { [dropId]: item } })
    expect(await db.read(`${claimPath}/uid`)).toBe(winner)
    const profiles = (await db.read<Record<string, { stats?: { collected: number } }>>('profiles')) ?? {}
    expect(Object.entries(profiles).flatMap(([id, profile]) => (profile.stats ? [[id, profile.stats.collected]] : []))).toEqual([
      [winner, 1],
    ])
  })

  test('behavior: the same player 20 times at once → one item, counted once, every call gets it', async () => {
    const instances = [database, db.openInstance()]
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => collectDropInDatabase(instances[index % 2] as Database, input, now + index)),
    )
    const results = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    // Calls serialised behind the winner either resume its claim or hit the collect quota; none awards twice.
    for (const outcome of settled) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(RateLimitedError)
    const claimed = results[0]?.item
    for (const result of results) {
      expect(result).toEqual({
        itemId: dropId,
        item: claimed,
        distance: expect.closeTo(10, 3),
        ...firstFind,
        // Each call's own time.
        serverTime: expect.toSatisfy((time: number) => time >= now && time < now + 20),
      })
    }
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: claimed } })
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
    expect(await db.read(`profiles/${uid}/progress/today`)).toBe(1)
    expect(await db.read(`profiles/${uid}/collection`)).toEqual({ gem: { rare: { count: 1, firstAt: claimed?.collectedAt } } })
  })

  test('behavior: a crash between the claim and the award loses nothing — the next call of its collector finishes it', async () => {
    const crash = new Error('the function instance died')
    await expect(
      collectDropInDatabase(database, input, now, {
        afterClaim: () => {
          throw crash
        },
      }),
    ).rejects.toBe(crash)
    // The state a crash leaves: claimed, not delivered, nothing awarded yet.
    expect(await db.read(`${claimPath}/delivered`)).toBeNull()
    expect(await db.read('inventories')).toBeNull()

    // Later, expired and from far away: what the claim checked is not checked again.
    const result = await collectDropInDatabase(database, { ...input, lat: north(5_000) }, expiresAt + 60_000)
    expect(result).toEqual({
      itemId: dropId,
      item,
      distance: expect.closeTo(5_000, 0),
      ...firstFind,
      serverTime: expiresAt + 60_000,
    })
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
    expect(await db.read(dropPath)).toBeNull()
    expect(await db.read(`${claimPath}/delivered`)).toBe(true)
  })

  test('behavior: a crash after the claim that nobody retries is delivered by the purge, once', async () => {
    await expect(
      collectDropInDatabase(database, input, now, {
        afterClaim: () => {
          throw new Error('the function instance died')
        },
      }),
    ).rejects.toThrow()
    const report = await purgeExpired(database, now + 3 * 30 * 60_000)
    expect(report.recovered).toBe(1)
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
    // The claim's window is gone now that its drop is delivered.
    expect(await db.read(`claims/${window}`)).toBeNull()
  })

  test('behavior: collecting again after a success changes nothing', async () => {
    const first = await collectDropInDatabase(database, input, now)
    const again = await collectDropInDatabase(database, input, now + 1_000)
    // The same answer, told at its own time.
    expect(again).toEqual({ ...first, serverTime: now + 1_000 })
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
  })

  test('behavior: counts onto an existing total and keeps the profile', async () => {
    await database.ref(`profiles/${uid}`).update({ stats: { collected: 41 }, username: 'alice' })
    await collectDropInDatabase(database, input, now)
    expect(await db.read(`profiles/${uid}`)).toEqual({
      verifiedLevel: 'orb',
      username: 'alice',
      stats: { collected: 42, counted: { [dropId]: window } },
      progress: progressAt(now),
      collection: { gem: { rare: { count: 1, firstAt: now } } },
    })
  })

  test('parameters: timeZone: the day is counted in the device zone, and a resumed claim uses the same zone', async () => {
    // 12:10 UTC on 1 Jan is 02:10 on 2 Jan in Kiritimati (UTC+14).
    await expect(
      collectDropInDatabase(database, { ...input, timeZone: 'Pacific/Kiritimati' }, now, {
        afterClaim: () => {
          throw new Error('the function instance died')
        },
      }),
    ).rejects.toThrow()
    expect(await db.read(`${claimPath}/timeZone`)).toBe('Pacific/Kiritimati')
    const result = await collectDropInDatabase(database, input, now + 60_000)
    expect(result.progress).toMatchObject({ today: 1, streak: 1, keptToday: true })
    expect(await db.read(`profiles/${uid}/progress`)).toEqual(progressAt(now, 'Pacific/Kiritimati', '2025-01-02'))
  })

  test('behavior: a second find of the same kind and rarity counts up, and the progress of the day with it', async () => {
    const secondId = formatDropId({ cell, window, index: 1 })
    await database.ref(databasePaths.drop(window, watchCell, secondId)).set(drop)
    await collectDropInDatabase(database, input, now)
    const second = await collectDropInDatabase(database, { ...input, dropId: secondId }, now + 5_000)
    expect(second).toMatchObject({
      firstFind: false,
      count: 2,
      points: 0,
      progress: { today: 2, goal: 3, goalMet: false, streak: 1, keptToday: true },
    })
    expect(await db.read(`profiles/${uid}/collection/gem/rare`)).toEqual({ count: 2, firstAt: now })
  })

  test('behavior: an orb-verified player with a public id puts the points on the board of the week', async () => {
    await database.ref(`profiles/${uid}/publicId`).set(publicId)
    const result = await collectDropInDatabase(database, input, now)
    const week = weekOf(now).index
    expect(result.points).toBe(RARITY_POINTS.rare)
    expect(await db.read(`profiles/${uid}/week`)).toEqual({ week, points: 5 })
    expect(await db.read(databasePaths.leaderboardScore(week, publicId))).toEqual({ points: 5, at: now, counted: 5 })
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 5)))).toBe(1)
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [publicId]: { points: 5, at: now } })
    // A repeat answers the same, and counts nothing twice.
    expect(await collectDropInDatabase(database, input, now + 1_000)).toEqual({ ...result, serverTime: now + 1_000 })
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 5)))).toBe(1)
  })

  test('behavior: a device-verified player is not ranked', async () => {
    await database.ref(`profiles/${uid}`).set({ verifiedLevel: 'device', publicId })
    expect((await collectDropInDatabase(database, input, now)).points).toBe(0)
    expect(await db.read(`profiles/${uid}/week`)).toBeNull()
    expect(await db.read('leaderboards')).toBeNull()
  })

  test('error: teleporting to a drop on another continent 3.5 s after the last collect', async () => {
    const paris = { lat: 48.8566, lng: 2.3522 }
    const parisCell = 'u09tvw0'
    const parisDropId = formatDropId({ cell: parisCell, window, index: 0 })
    await database.ref(databasePaths.drop(window, parisCell.slice(0, 6), parisDropId)).set({ ...drop, ...paris })
    await collectDropInDatabase(database, input, now)
    const attempt = collectDropInDatabase(database, { uid, dropId: parisDropId, ...paris, accuracy: 5 }, now + 3_500)
    await expect(attempt).rejects.toThrow(ImpossibleTravelError)
    await expect(attempt).rejects.toMatchObject({ code: 'impossible_travel', retryAfterMs: expect.any(Number) })
    expect(await db.read(databasePaths.claim(window, parisDropId))).toBeNull()
    expect(Object.keys((await db.read<object>(`inventories/${uid}`)) ?? {})).toEqual([dropId])
  })

  test.each([
    { name: 'not verified', change: { uid: uidOf(7) }, error: NotVerifiedError },
    { name: 'no such drop', change: { dropId: formatDropId({ cell, window, index: 9 }) }, error: DropNotFoundError },
    { name: 'a malformed drop id', change: { dropId: 'drops/../x' }, error: DropNotFoundError },
    { name: 'too far', change: { lat: north(80) }, error: OutOfReachError },
    { name: 'fix too inaccurate', change: { accuracy: 150 }, error: LocationTooInaccurateError },
    { name: 'latitude out of range', change: { lat: 95 }, error: InvalidLocationError },
  ])('error: $name, and nothing is written', async ({ change, error }) => {
    await expect(collectDropInDatabase(database, { ...input, ...change }, now)).rejects.toThrow(error)
    expect(await db.read(dropPath)).toEqual(drop)
    expect(await db.read('inventories')).toBeNull()
    expect(await db.read('claims')).toBeNull()
  })

  test('error: expired', async () => {
    await expect(collectDropInDatabase(database, input, expiresAt)).rejects.toThrow(DropExpiredError)
    expect(await db.read(dropPath)).toEqual(drop)
  })

  test('error: a window that has not begun', async () => {
    await expect(collectDropInDatabase(database, input, now - 30 * 60_000)).rejects.toThrow(DropNotFoundError)
  })

  test('error: collected by someone else', async () => {
    await database.ref(claimPath).set({ uid: uidOf(9), watchCell, window, item, at: now - 1, delivered: true })
    await expect(collectDropInDatabase(database, input, now)).rejects.toThrow(AlreadyCollectedError)
    expect(await db.read('inventories')).toBeNull()
  })

  test('error: a malformed stored drop or claim is a StoredDataError, never a claim', async () => {
    await database.ref(`${dropPath}/rarity`).set('mythic')
    const attempt = collectDropInDatabase(database, input, now)
    await expect(attempt).rejects.toThrow(StoredDataError)
    await expect(attempt).rejects.toMatchObject({ code: 'stored_data_invalid', path: dropPath })
    expect(await db.read('claims')).toBeNull()
    await database.ref(claimPath).set({ uid })
    await expect(collectDropInDatabase(database, input, now)).rejects.toMatchObject({ path: claimPath })
  })
})
