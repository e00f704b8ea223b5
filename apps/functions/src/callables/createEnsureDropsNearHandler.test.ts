import { afterEach, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { ConfigError } from '../errors/ConfigError.js'
import { dropSchema } from '../game/dropSchema.js'
import { ensureDropsNear } from '../game/ensureDropsNear.js'
import { createEnsureDropsNearHandler } from './createEnsureDropsNearHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const seed = 'handler-seed-0123456789abcdef012345'
const now = Date.UTC(2025, 0, 1, 12, 10)
const here = { lat: 1.2834, lng: 103.8607 }
const uid = '0x00000000000000000000000000000000000A11cE'

let db: TestDatabase
let log: Mock<ErrorLogger>
let handler: ReturnType<typeof createEnsureDropsNearHandler>
beforeEach(async () => {
  db = await startTestDatabase()
  log = vi.fn<ErrorLogger>()
  handler = createEnsureDropsNearHandler(() => ({ database: db.database, seed, now: () => now }), { log })
})
afterEach(() => db.close())

describe('createEnsureDropsNearHandler', () => {
  test('default', async () => {
    const { drops } = await handler(callableRequest(uid, here))
    expect(drops).toEqual(ensureDropsNear(here, now, { seed }))
    for (const drop of drops) expect(dropSchema.parse(drop)).toEqual(drop)
    expect(Object.keys((await db.read<Record<string, unknown>>('drops')) ?? {})).toHaveLength(drops.length)
  })

  test('behavior: asking again spawns nothing new; a collected drop is no longer listed', async () => {
    const { drops } = await handler(callableRequest(uid, here))
    const [taken, ...rest] = drops
    await db.database.ref(`drops/${taken?.id}`).update({ collectedBy: uid, collectedAt: now })
    expect(await handler(callableRequest(uid, { lat: here.lat + 0.00001, lng: here.lng }))).toEqual({ drops: rest })
    expect(Object.keys((await db.read<Record<string, unknown>>('drops')) ?? {})).toHaveLength(drops.length)
    expect(await db.read(`drops/${taken?.id}/collectedBy`)).toBe(uid)
  })

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, here)))).toMatchObject({
      code: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
    expect(await db.read('drops')).toBeNull()
  })

  test.each([
    { name: 'no data', data: null },
    { name: 'latitude out of range', data: { lat: 91, lng: 0 } },
    { name: 'strings', data: { lat: '1', lng: '2' } },
  ])('error: bad data ($name) → invalid-argument', async ({ data }) => {
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_location' },
    })
  })

  test('error: a misconfigured server is internal and logged', async () => {
    const broken = createEnsureDropsNearHandler(
      () => {
        throw new ConfigError(['WORLDMAP_DROP_SEED'])
      },
      { log },
    )
    expect(await rejectionOf(broken(callableRequest(uid, here)))).toMatchObject({ code: 'internal' })
    expect(log).toHaveBeenCalledWith(
      'ensureDropsNear failed unexpectedly',
      expect.objectContaining({ errorCode: 'invalid_config' }),
    )
  })

  test('behavior: uses the real clock by default', async () => {
    const realTime = createEnsureDropsNearHandler(() => ({ database: db.database, seed }))
    const { drops } = await realTime(callableRequest(uid, here))
    expect(drops.length).toBeGreaterThan(0)
    for (const drop of drops) {
      expect(drop.spawnedAt).toBeLessThanOrEqual(Date.now())
      expect(drop.expiresAt).toBeGreaterThan(drop.spawnedAt)
    }
  })
})
