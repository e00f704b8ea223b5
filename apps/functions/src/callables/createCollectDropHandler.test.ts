import {
  databasePaths,
  formatDropId,
  LONG_HAUL_AFTER_MS,
  type PublicDrop,
  QUOTAS,
  spawnWindowOf,
  TRAVEL_SLACK_METERS,
} from '@worldmap/game'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { ConfigError } from '../errors/ConfigError.js'
import { createCollectDropHandler } from './createCollectDropHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now)
const cell = 'w21z6h8' // cellOf(1.3, 103.8)
const watchCell = 'w21z6h'
const dropId = formatDropId({ cell, window: window.index, index: 0 })
const takenId = formatDropId({ cell, window: window.index, index: 1 })
const drop: PublicDrop = { lat: 1.3, lng: 103.8, kind: 'shell', rarity: 'epic', expiresAt: window.end }
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`
const uid = uidOf(0)
const data = { dropId, lat: north(20), lng: drop.lng, accuracy: 8 }
const item = { kind: 'shell', rarity: 'epic', dropId, lat: 1.3, lng: 103.8, collectedAt: now }

let db: TestDatabase
let log: Mock<ErrorLogger>
let handler: ReturnType<typeof createCollectDropHandler>
beforeAll(async () => {
  db = await startTestDatabase()
})
beforeEach(async () => {
  await db.database.ref().set({
    drops: { [window.index]: { [watchCell]: { [dropId]: drop } } },
    claims: {
      [window.index]: {
        [takenId]: { uid: uidOf(5), watchCell, window: window.index, item: { ...item, dropId: takenId }, at: 1, delivered: true },
      },
    },
    profiles: Object.fromEntries(Array.from({ length: 20 }, (_, index) => [uidOf(index), { verifiedLevel: 'device' }])),
  })
  log = vi.fn<ErrorLogger>()
  handler = createCollectDropHandler(() => ({ database: db.database, now: () => now }), { log })
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

describe('createCollectDropHandler', () => {
  test('default', async () => {
    expect(await handler(callableRequest(uid, data))).toEqual({
      itemId: dropId,
      item,
      distance: expect.closeTo(20, 3),
      firstFind: true,
      count: 1,
      // Device-verified: not on the weekly board.
      points: 0,
      progress: { today: 1, goal: 3, goalMet: false, streak: 1, best: 1, keptToday: true },
      // The server's time, which the app's game clock learns from.
      serverTime: now,
    })
    expect(await db.read(databasePaths.inventory(uid))).toEqual({ [dropId]: item })
    expect(await db.read(databasePaths.drop(window.index, watchCell, dropId))).toBeNull()
    expect(await db.read(databasePaths.claim(window.index, dropId))).toEqual({
      uid,
      watchCell,
      window: window.index,
      item,
      at: now,
      delivered: true,
    })
    expect(await db.read(`profiles/${uid}`)).toEqual({
      verifiedLevel: 'device',
      stats: { collected: 1, counted: { [dropId]: window.index } },
      progress: { timeZone: 'UTC', day: '2025-01-01', today: 1, streak: 1, best: 1, updatedAt: now, timeZoneSince: now },
      collection: { shell: { epic: { count: 1, firstAt: now } } },
    })
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { lat: data.lat, lng: data.lng, at: now, slack: TRAVEL_SLACK_METERS },
      collect: { tokens: QUOTAS.collect.capacity - 1, at: now },
    })
    expect(log).not.toHaveBeenCalled()
  })

  test('behavior: 20 concurrent calls by 20 players → one success, 19 already-exists, one item', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => handler(callableRequest(uidOf(index), data))),
    )
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const failures = await Promise.all(
      settled.flatMap((outcome) => (outcome.status === 'rejected' ? [rejectionOf(Promise.reject(outcome.reason))] : [])),
    )
    expect(failures).toHaveLength(19)
    for (const failure of failures)
      expect(failure).toMatchObject({ code: 'already-exists', details: { code: 'already_collected' } })
    const inventories = (await db.read<Record<string, Record<string, unknown>>>('inventories')) ?? {}
    expect(Object.values(inventories).flatMap((items) => Object.keys(items))).toEqual([dropId])
  })

  test('behavior: collecting again returns the same item', async () => {
    const first = await handler(callableRequest(uid, data))
    expect(await handler(callableRequest(uid, data))).toEqual(first)
    expect(await db.read(`profiles/${uid}/stats/collected`)).toBe(1)
  })

  test('parameters: timeZone: the day is counted in the device zone (an orb-verified player also scores)', async () => {
    const publicId = 'p0123456789abcdef01234567'
    await db.database.ref(`profiles/${uid}`).set({ verifiedLevel: 'orb', publicId })
    const result = await handler(callableRequest(uid, { ...data, timeZone: 'America/Los_Angeles' }))
    expect(result).toMatchObject({ firstFind: true, count: 1, points: 10, progress: { today: 1, streak: 1 } })
    // 12:10 UTC on 1 January is 04:10 in Los Angeles.
    expect(await db.read(`profiles/${uid}/progress`)).toMatchObject({ timeZone: 'America/Los_Angeles', day: '2025-01-01' })
    expect(await db.read(`profiles/${uid}/week/points`)).toBe(10)
  })

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, data)))).toEqual({
      code: 'unauthenticated',
      status: 'UNAUTHENTICATED',
      message: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
  })

  test.each([
    { name: 'no data', data: null },
    { name: 'a string', data: 'collect' },
    { name: 'missing accuracy', data: { dropId, lat: 1, lng: 2 } },
    { name: 'lat as a string', data: { ...data, lat: '1.3' } },
    { name: 'empty drop id', data: { ...data, dropId: '' } },
    { name: 'drop id too long', data: { ...data, dropId: `${dropId}${'0'.repeat(64)}` } },
    { name: 'drop id a number', data: { ...data, dropId: 7 } },
    { name: 'an unknown time zone', data: { ...data, timeZone: 'Mars/Olympus_Mons' } },
    { name: 'an offset for a time zone', data: { ...data, timeZone: '+05:30' } },
    { name: 'a time zone over 64 characters', data: { ...data, timeZone: `Asia/${'x'.repeat(60)}` } },
    { name: 'a time zone that is not a string', data: { ...data, timeZone: 8 } },
  ])('error: bad data ($name) → invalid-argument', async ({ data: bad }) => {
    expect(await rejectionOf(handler(callableRequest(uid, bad)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_request' },
    })
    expect(await db.read('inventories')).toBeNull()
  })

  test.each([
    { name: 'not verified', uid: 'nobody', data, status: 'permission-denied', code: 'not_verified' },
    { name: 'drop id with a path', uid, data: { ...data, dropId: 'a/b' }, status: 'not-found', code: 'drop_not_found' },
    {
      name: 'drop id of the old format',
      uid,
      data: { ...data, dropId: 'dmissing' },
      status: 'not-found',
      code: 'drop_not_found',
    },
    {
      name: 'no such drop',
      uid,
      data: { ...data, dropId: formatDropId({ cell, window: window.index, index: 7 }) },
      status: 'not-found',
      code: 'drop_not_found',
    },
    { name: 'taken', uid, data: { ...data, dropId: takenId }, status: 'already-exists', code: 'already_collected' },
    { name: 'too far', uid, data: { ...data, lat: north(200) }, status: 'out-of-range', code: 'out_of_reach' },
    { name: 'inaccurate', uid, data: { ...data, accuracy: 500 }, status: 'failed-precondition', code: 'location_too_inaccurate' },
    { name: 'bad latitude', uid, data: { ...data, lat: -91 }, status: 'invalid-argument', code: 'invalid_location' },
  ])('error: $name → $status', async ({ uid: caller, data: sent, status, code }) => {
    expect(await rejectionOf(handler(callableRequest(caller, sent)))).toMatchObject({ code: status, details: { code } })
    expect(await db.read('inventories')).toBeNull()
    expect(log).not.toHaveBeenCalled()
  })

  test('error: expired → failed-precondition', async () => {
    const late = createCollectDropHandler(() => ({ database: db.database, now: () => drop.expiresAt + 1 }), { log })
    expect(await rejectionOf(late(callableRequest(uid, data)))).toEqual({
      code: 'failed-precondition',
      status: 'FAILED_PRECONDITION',
      message: 'drop_expired',
      details: { code: 'drop_expired' },
    })
  })

  test('error: a teleport → failed-precondition impossible_travel with retryAfterMs; nothing claimed', async () => {
    await db.database.ref(`players/${uid}/last`).set({ lat: 48.8566, lng: 2.3522, at: now - 1_000 })
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toMatchObject({
      code: 'failed-precondition',
      details: { code: 'impossible_travel', retryAfterMs: LONG_HAUL_AFTER_MS - 1_000 },
    })
    expect(await db.read(databasePaths.claim(window.index, dropId))).toBeNull()
    expect(await db.read(databasePaths.drop(window.index, watchCell, dropId))).toEqual(drop)
  })

  test('error: collecting too fast → resource-exhausted rate_limited with retryAfterMs', async () => {
    await db.database.ref(`players/${uid}/collect`).set({ tokens: 0, at: now })
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toEqual({
      code: 'resource-exhausted',
      status: 'RESOURCE_EXHAUSTED',
      message: 'rate_limited\n\nQuota: collect\nTry again in: 3 s',
      details: { code: 'rate_limited', retryAfterMs: QUOTAS.collect.refillMs },
    })
    expect(await db.read(databasePaths.claim(window.index, dropId))).toBeNull()
  })

  test('error: a malformed stored drop is internal and logged (by path)', async () => {
    await db.database.ref(databasePaths.drop(window.index, watchCell, dropId)).set({ lat: 'x' })
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toEqual({
      code: 'internal',
      status: 'INTERNAL',
      message: 'Internal error.',
    })
    expect(log).toHaveBeenCalledWith('collectDrop failed unexpectedly', {
      errorName: 'StoredDataError',
      errorCode: 'stored_data_invalid',
      errorMessage: `A stored record is malformed.\n\nPath: drops/${window.index}/${watchCell}/${dropId}`,
    })
  })

  test('error: a misconfigured server is internal and logged', async () => {
    const broken = createCollectDropHandler(
      () => {
        throw new ConfigError(['WORLDMAP_DROP_SEED'])
      },
      { log },
    )
    expect(await rejectionOf(broken(callableRequest(uid, data)))).toEqual({
      code: 'internal',
      status: 'INTERNAL',
      message: 'Internal error.',
    })
    expect(log).toHaveBeenCalledWith('collectDrop failed unexpectedly', expect.objectContaining({ errorName: 'ConfigError' }))
  })

  test('behavior: uses the real clock by default', async () => {
    const live = spawnWindowOf(Date.now())
    const liveId = formatDropId({ cell, window: live.index, index: 0 })
    await db.database.ref(databasePaths.drop(live.index, watchCell, liveId)).set({ ...drop, expiresAt: Date.now() + 600_000 })
    const realTime = createCollectDropHandler(() => ({ database: db.database }))
    const before = Date.now()
    const result = await realTime(callableRequest(uid, { ...data, dropId: liveId }))
    expect(result.item.collectedAt).toBeGreaterThanOrEqual(before)
    expect(result.item.collectedAt).toBeLessThanOrEqual(Date.now())
  })
})
