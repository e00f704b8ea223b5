import { afterEach, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import type { StoredDrop } from '../database/storedDropSchema.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { ConfigError } from '../errors/ConfigError.js'
import { createCollectDropHandler } from './createCollectDropHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const dropId = 'd0123456789abcdef0123456789abcdef'
const drop: StoredDrop = {
  lat: 1.3,
  lng: 103.8,
  geohash: 'w21z0ypnm',
  kind: 'shell',
  rarity: 'epic',
  spawnedAt: Date.UTC(2025, 0, 1, 12, 0),
  expiresAt: Date.UTC(2025, 0, 1, 12, 30),
}
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`
const uid = uidOf(0)
const data = { dropId, lat: north(20), lng: drop.lng, accuracy: 8 }

let db: TestDatabase
let log: Mock<ErrorLogger>
let handler: ReturnType<typeof createCollectDropHandler>
beforeEach(async () => {
  const profiles = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [uidOf(index), { verifiedLevel: 'device' }]))
  db = await startTestDatabase({
    drops: { [dropId]: drop, dother: { ...drop, collectedBy: uidOf(5), collectedAt: 1 } },
    profiles,
  })
  log = vi.fn<ErrorLogger>()
  handler = createCollectDropHandler(() => ({ database: db.database, now: () => now }), { log })
})
afterEach(() => db.close())

describe('createCollectDropHandler', () => {
  test('default', async () => {
    const item = { kind: 'shell', rarity: 'epic', dropId, lat: 1.3, lng: 103.8, collectedAt: now }
    expect(await handler(callableRequest(uid, data))).toEqual({ itemId: dropId, item, distance: expect.closeTo(20, 3) })
    expect(await db.read(`inventories/${uid}`)).toEqual({ [dropId]: item })
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

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, data)))).toEqual({
      code: 'unauthenticated',
      status: 'UNAUTHENTICATED',
      message: 'Sign in to collect drops.',
      details: { code: 'unauthenticated' },
    })
  })

  test.each([
    { name: 'no data', data: null },
    { name: 'a string', data: 'collect' },
    { name: 'missing accuracy', data: { dropId, lat: 1, lng: 2 } },
    { name: 'lat as a string', data: { ...data, lat: '1.3' } },
    { name: 'empty drop id', data: { ...data, dropId: '' } },
    { name: 'drop id with a path', data: { ...data, dropId: 'a/b' } },
    { name: 'drop id with a dot', data: { ...data, dropId: 'a.b' } },
  ])('error: bad data ($name) → invalid-argument', async ({ data: bad }) => {
    expect(await rejectionOf(handler(callableRequest(uid, bad)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_request' },
    })
    expect(await db.read('inventories')).toBeNull()
  })

  test.each([
    { name: 'not verified', uid: 'nobody', data, status: 'permission-denied', code: 'not_verified' },
    { name: 'no such drop', uid, data: { ...data, dropId: 'dmissing' }, status: 'not-found', code: 'drop_not_found' },
    { name: 'taken', uid, data: { ...data, dropId: 'dother' }, status: 'already-exists', code: 'already_collected' },
    { name: 'too far', uid, data: { ...data, lat: north(200) }, status: 'out-of-range', code: 'out_of_reach' },
    { name: 'inaccurate', uid, data: { ...data, accuracy: 500 }, status: 'failed-precondition', code: 'location_too_inaccurate' },
    { name: 'bad latitude', uid, data: { ...data, lat: -91 }, status: 'invalid-argument', code: 'invalid_location' },
  ])('error: $name → $status', async ({ uid: caller, data: sent, status, code }) => {
    expect(await rejectionOf(handler(callableRequest(caller, sent)))).toMatchObject({ code: status, details: { code } })
    expect(log).not.toHaveBeenCalled()
  })

  test('error: expired → failed-precondition', async () => {
    const late = createCollectDropHandler(() => ({ database: db.database, now: () => drop.expiresAt + 1 }), { log })
    expect(await rejectionOf(late(callableRequest(uid, data)))).toMatchObject({
      code: 'failed-precondition',
      message: 'This drop has expired.',
      details: { code: 'drop_expired' },
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
    const live = { ...drop, spawnedAt: Date.now() - 60_000, expiresAt: Date.now() + 600_000 }
    await db.database.ref('drops/dlive').set(live)
    const realTime = createCollectDropHandler(() => ({ database: db.database }))
    const before = Date.now()
    const result = await realTime(callableRequest(uid, { ...data, dropId: 'dlive' }))
    expect(result.item.collectedAt).toBeGreaterThanOrEqual(before)
    expect(result.item.collectedAt).toBeLessThanOrEqual(Date.now())
  })
})
