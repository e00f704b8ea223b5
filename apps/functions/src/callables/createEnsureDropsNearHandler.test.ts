import {
  LONG_HAUL_AFTER_MS,
  QUOTAS,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  streakDropSchema,
  TRAVEL_SLACK_METERS,
  watchCellsAround,
} from '@worldmap/game'
import { dropsForWatchCells } from '@worldmap/game/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import { forwardedSourceOf } from '../database/crowdPaths.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { ConfigError } from '../errors/ConfigError.js'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { createEnsureDropsNearHandler } from './createEnsureDropsNearHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const seed = 'handler-seed-0123456789abcdef012345'
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now)
const here = { lat: 1.2834, lng: 103.8607 }
const paris = { lat: 48.8566, lng: 2.3522 }
const uid = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
/** The crowd limits' source as the local stack reads it: the last `X-Forwarded-For` entry, none without one. */
const crowdSource = { secret: 'nonce-secret-0123456789abcdef0123456789', sourceOf: forwardedSourceOf }
/** `here` moved ~`steps` × 3.9 km east: three watch cells apart (0.011° each), no two areas share a cell. */
const east = (steps: number) => ({ lat: here.lat, lng: here.lng + steps * 0.035 })
/** The time a 3.9 km move needs to pass the travel gate (30 m/s). */
const MOVE_MS = 140_000

let db: TestDatabase
let log: Mock<ErrorLogger>
let clock: number
let handler: ReturnType<typeof createEnsureDropsNearHandler>
beforeAll(async () => {
  db = await startTestDatabase()
})
beforeEach(() => {
  clock = now
  log = vi.fn<ErrorLogger>()
  handler = createEnsureDropsNearHandler(() => ({ database: db.database, seed, now: () => clock, crowdSource }), { log })
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

/** How many drops the database holds in `window`. */
async function countDrops(index = window.index): Promise<number> {
  const cells = (await db.read<Record<string, Record<string, unknown>>>(`drops/${index}`)) ?? {}
  return Object.values(cells).reduce((sum, drops) => sum + Object.keys(drops).length, 0)
}

describe('createEnsureDropsNearHandler', () => {
  test('default', async () => {
    expect(await handler(callableRequest(uid, here))).toEqual({
      window: window.index,
      expiresAt: window.end,
      cells: watchCellsAround(here.lat, here.lng),
      spawned: spawnAreaOf(here).spawnWatchCells.length,
      serverTime: now,
    })
    const { spawnWatchCells } = spawnAreaOf(here)
    expect(await countDrops()).toBe([...dropsForWatchCells(spawnWatchCells, now, { seed }).values()].flat().length)
    expect(Object.keys((await db.read(`spawned/${window.index}`)) ?? {}).sort()).toEqual([...spawnWatchCells].sort())
    // The gate recorded the report and took an (unverified) spawn token.
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...here, at: now, slack: TRAVEL_SLACK_METERS },
      spawn: { tokens: QUOTAS.spawnUnverified.capacity - 1, at: now },
    })
    expect(log).not.toHaveBeenCalled()
  })

  test('behavior: asking again in the window spawns nothing new; the reply names the same cells', async () => {
    const first = await handler(callableRequest(uid, here))
    const before = await db.read('drops')
    clock = now + 60_000
    expect(await handler(callableRequest(uid, { lat: here.lat + 0.00001, lng: here.lng }))).toEqual({
      ...first,
      spawned: 0,
      serverTime: now + 60_000,
    })
    expect(await db.read('drops')).toEqual(before)
  })

  test('behavior: in the next window the same area spawns again', async () => {
    await handler(callableRequest(uid, here))
    clock = window.end
    expect(await handler(callableRequest(uid, here))).toMatchObject({
      window: window.index + 1,
      expiresAt: window.end + SPAWN_WINDOW_MS,
      spawned: spawnAreaOf(here).spawnWatchCells.length,
    })
    expect(await countDrops(window.index + 1)).toBeGreaterThan(0)
  })

  test('behavior: a verified player on day 3 of a streak gets a streak reward too, once; an unverified one never', async () => {
    const yesterday = { timeZone: 'UTC', day: '2024-12-31', today: 1, streak: 2, best: 2, updatedAt: now - 86_400_000 }
    await db.database.ref(`profiles/${uid}`).set({ progress: yesterday })
    await handler(callableRequest(uid, here))
    expect(await db.read(`streakDrops/${uid}`)).toBeNull()
    await db.database.ref(`profiles/${uid}/verifiedLevel`).set('orb')
    clock = now + 60_000
    await handler(callableRequest(uid, here))
    const rewards = (await db.read<Record<string, unknown>>(`streakDrops/${uid}`)) ?? {}
    expect(Object.values(rewards).map((drop) => streakDropSchema.parse(drop).streakDay)).toEqual([3])
    clock = now + 120_000
    await handler(callableRequest(uid, here))
    expect(await db.read(`streakDrops/${uid}`)).toEqual(rewards)
  })

  test('error: an unverified player spawns 3 new areas, then rate_limited with retryAfterMs', async () => {
    // A new area every 140 s: 4 km at under 30 m/s, as fast as the travel gate lets anyone move.
    for (let index = 0; index < QUOTAS.spawnUnverified.capacity; index++) {
      clock = now + index * MOVE_MS
      expect((await handler(callableRequest(uid, east(index)))).spawned).toBeGreaterThan(0)
    }
    clock = now + 3 * MOVE_MS
    // What 420 s refilled (0.35 of a token) shortens the wait for the next one.
    const retryAfterMs = Math.ceil((1 - (3 * MOVE_MS) / QUOTAS.spawnUnverified.refillMs) * QUOTAS.spawnUnverified.refillMs)
    expect(await rejectionOf(handler(callableRequest(uid, east(3))))).toEqual({
      code: 'resource-exhausted',
      status: 'RESOURCE_EXHAUSTED',
      message: `rate_limited\n\nQuota: spawn\nTry again in: ${Math.ceil(retryAfterMs / 1000)} s`,
      details: { code: 'rate_limited', retryAfterMs },
    })
    // Refused, it spawned nothing there.
    expect(await db.read(`spawned/${window.index}/${spawnAreaOf(east(3)).spawnWatchCells[0]}`)).toBeNull()
    expect(log).not.toHaveBeenCalled()
  })

  test('behavior: standing still, home and the map opened 50 times in 5 minutes: 0 refusals, one token, no new writes', async () => {
    for (const verifiedLevel of [null, 'orb']) {
      await db.database.ref().set(null)
      const player = verifiedLevel ? bob : uid
      if (verifiedLevel) await db.database.ref(`profiles/${player}/verifiedLevel`).set(verifiedLevel)
      const refusals: unknown[] = []
      let drops: unknown
      // GPS jitter of a few metres, as a phone that stands still reports. Where the jitter brings a cell
      // within the spawn radius for the first time, that is a new area: the only opens that may spend.
      const positions = [-2, -1, 0, 1, 2].map((step) => ({ lat: here.lat + step * 0.00002, lng: here.lng }))
      const seen = new Set<string>()
      let newAreas = 0
      for (const position of positions) {
        const cells = spawnAreaOf(position).spawnWatchCells
        if (cells.some((cell) => !seen.has(cell))) newAreas++
        for (const cell of cells) seen.add(cell)
      }
      for (let open = 0; open < 50; open++) {
        clock = now + open * 6_000
        await handler(callableRequest(player, positions[open % 5])).catch((error: unknown) => refusals.push(error))
        if (open === 4) drops = await db.read('drops')
      }
      expect(refusals).toEqual([])
      const capacity = verifiedLevel ? QUOTAS.spawnVerified.capacity : QUOTAS.spawnUnverified.capacity
      const tokens = (await db.read<{ tokens: number }>(`players/${player}/spawn`))?.tokens ?? Number.NaN
      expect(newAreas).toBeLessThanOrEqual(2)
      expect(tokens).toBeGreaterThanOrEqual(capacity - newAreas)
      expect(tokens).toBeLessThan(capacity)
      // After the first round of positions, 45 opens wrote no drop.
      expect(await db.read('drops')).toEqual(drops)
      // The position is still reported every time (the travel gate reads it).
      expect(await db.read(`players/${player}/last/at`)).toBe(now + 49 * 6_000)
    }
  })

  test('behavior: verifying moves the player to the verified allowance at once', async () => {
    for (let index = 0; index < QUOTAS.spawnUnverified.capacity; index++) {
      clock = now + index * MOVE_MS
      await handler(callableRequest(uid, east(index)))
    }
    clock = now + 3 * MOVE_MS
    expect(await rejectionOf(handler(callableRequest(uid, east(3))))).toMatchObject({ details: { code: 'rate_limited' } })
    await db.database.ref(`profiles/${uid}/verifiedLevel`).set('device')
    expect((await handler(callableRequest(uid, east(3)))).spawned).toBeGreaterThan(0)
    expect(await db.read(`players/${uid}/spawn`)).toEqual({
      tokens: QUOTAS.spawnVerified.capacity - 1,
      at: clock,
      verified: true,
    })
    // Only once: the next new area takes from that verified bucket (refilled to full in 140 s, one taken).
    await db.database.ref(`players/${uid}/spawn/tokens`).set(5)
    clock += MOVE_MS
    await handler(callableRequest(uid, east(4)))
    expect(await db.read<number>(`players/${uid}/spawn/tokens`)).toBeCloseTo(5 + MOVE_MS / QUOTAS.spawnVerified.refillMs - 1, 6)
  })

  test('error: a verified player who spawns faster than the verified refill runs out too', async () => {
    await db.database.ref(`profiles/${uid}/verifiedLevel`).set('orb')
    await db.database.ref(`players/${uid}/spawn`).set({ tokens: 0, at: now, verified: true })
    expect(await rejectionOf(handler(callableRequest(uid, here)))).toMatchObject({
      code: 'resource-exhausted',
      details: { code: 'rate_limited', retryAfterMs: QUOTAS.spawnVerified.refillMs },
    })
    // Where everything exists already, the same player still reads the area, for free.
    await handler(callableRequest(bob, here))
    expect(await handler(callableRequest(uid, here))).toMatchObject({ spawned: 0, cells: watchCellsAround(here.lat, here.lng) })
  })

  test('error: a teleport is impossible_travel with retryAfterMs, and spawns nothing there', async () => {
    await handler(callableRequest(uid, here))
    const before = await db.read('/')
    clock = now + 3_500
    expect(await rejectionOf(handler(callableRequest(uid, paris)))).toEqual({
      code: 'failed-precondition',
      status: 'FAILED_PRECONDITION',
      message: 'impossible_travel\n\nPlausible again in: 7197 s',
      details: { code: 'impossible_travel', retryAfterMs: LONG_HAUL_AFTER_MS - 3_500 },
    })
    expect(await db.read('/')).toEqual(before)
  })

  test('behavior: two players share the spawn: the second one spawns nothing', async () => {
    await handler(callableRequest(uid, here))
    expect(await handler(callableRequest(bob, here))).toMatchObject({ spawned: 0 })
  })

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, here)))).toEqual({
      code: 'unauthenticated',
      status: 'UNAUTHENTICATED',
      message: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
    expect(await db.read('/')).toBeNull()
  })

  test.each([
    { name: 'no data', data: null },
    { name: 'latitude out of range', data: { lat: 91, lng: 0 } },
    { name: 'strings', data: { lat: '1', lng: '2' } },
    { name: 'NaN', data: { lat: Number.NaN, lng: 2 } },
  ])('error: bad data ($name) → invalid-argument', async ({ data }) => {
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_location' },
    })
    expect(await db.read('/')).toBeNull()
  })

  test('error: a misconfigured server is internal and logged', async () => {
    const broken = createEnsureDropsNearHandler(
      () => {
        throw new ConfigError(['WORLDMAP_DROP_SEED'])
      },
      { log },
    )
    expect(await rejectionOf(broken(callableRequest(uid, here)))).toEqual({
      code: 'internal',
      status: 'INTERNAL',
      message: 'Internal error.',
    })
    expect(log).toHaveBeenCalledWith(
      'ensureDropsNear failed unexpectedly',
      expect.objectContaining({ errorCode: 'invalid_config' }),
    )
  })

  test('behavior: uses the real clock by default', async () => {
    const realTime = createEnsureDropsNearHandler(() => ({ database: db.database, seed, crowdSource }))
    const before = spawnWindowOf(Date.now())
    const result = await realTime(callableRequest(uid, here))
    expect(result.window).toBeGreaterThanOrEqual(before.index)
    expect(result.window).toBeLessThanOrEqual(spawnWindowOf(Date.now()).index)
    expect(result.expiresAt).toBe(spawnWindowOf(result.window * SPAWN_WINDOW_MS).end)
    expect(result.spawned).toBe(spawnAreaOf(here).spawnWatchCells.length)
  })

  describe('crowd limits', () => {
    const crowdLimits = { ...CROWD_LIMITS, unverifiedSpawnsPerSourceRegion: 2, unverifiedSpawnsPerSource: 3 }
    const wallet = (index: number) => `0x${index.toString(16).padStart(40, '0')}`
    const crowdNetwork = '203.0.113.7'
    // `east(n)`: new areas of the same region (geohash precision 4, w21z).
    const crowd = () =>
      createEnsureDropsNearHandler(() => ({ database: db.database, seed, now: () => clock, crowdLimits, crowdSource }))
    const from = (address: string) => ({ from: `10.1.2.3, ${address}` })

    test("error: unverified wallets of one network spawn at most its share of a region, then area_asleep; another network's newcomer is not held up", async () => {
      const spawn = crowd()
      expect((await spawn(callableRequest(wallet(1), east(0), from(crowdNetwork)))).spawned).toBe(
        spawnAreaOf(east(0)).spawnWatchCells.length,
      )
      expect((await spawn(callableRequest(wallet(2), east(1), from(crowdNetwork)))).spawned).toBeGreaterThan(0)
      expect(await rejectionOf(spawn(callableRequest(wallet(3), east(2), from(crowdNetwork))))).toMatchObject({
        code: 'resource-exhausted',
        details: { code: 'area_asleep', retryAfterMs: Math.floor(now / CROWD_LIMITS.windowMs + 1) * CROWD_LIMITS.windowMs - now },
      })
      // The crowd spent its own share only: a newcomer on another network spawns in the same city.
      expect((await spawn(callableRequest(wallet(6), east(2), from('198.51.100.9')))).spawned).toBeGreaterThan(0)
      // A verified human is never counted.
      await db.database.ref(`profiles/${wallet(4)}`).set({ verifiedLevel: 'orb' })
      expect((await spawn(callableRequest(wallet(4), east(3), from(crowdNetwork)))).spawned).toBeGreaterThan(0)
      // Next window, the network's share is whole again.
      clock = now + CROWD_LIMITS.windowMs
      expect((await spawn(callableRequest(wallet(5), east(4), from(crowdNetwork)))).spawned).toBe(
        spawnAreaOf(east(4)).spawnWatchCells.length,
      )
    })

    test('behavior: an area that is spawned already is read for free, never counted', async () => {
      const spawn = crowd()
      await spawn(callableRequest(wallet(1), here, from(crowdNetwork)))
      await spawn(callableRequest(wallet(2), east(1), from(crowdNetwork)))
      expect((await spawn(callableRequest(wallet(3), here, from(crowdNetwork)))).spawned).toBe(0)
    })

    test('error: one network spread over many regions stops at its share of the window; a newcomer elsewhere spawns', async () => {
      const spawn = crowd()
      await spawn(callableRequest(wallet(1), here, from(crowdNetwork)))
      await spawn(callableRequest(wallet(2), paris, from(crowdNetwork)))
      await spawn(callableRequest(wallet(3), { lat: 35.68, lng: 139.69 }, from(crowdNetwork)))
      const newYork = { lat: 40.71, lng: -74.0 }
      expect(await rejectionOf(spawn(callableRequest(wallet(4), newYork, from(crowdNetwork))))).toMatchObject({
        details: { code: 'area_asleep' },
      })
      expect((await spawn(callableRequest(wallet(5), newYork, from('198.51.100.9')))).spawned).toBeGreaterThan(0)
    })

    test('error: the addresses of one IPv6 /64 are one network; another /64 has its own share', async () => {
      const spawn = crowd()
      const outcomes = []
      for (let index = 0; index < 4; index++)
        outcomes.push(
          await spawn(callableRequest(wallet(index + 1), east(index), from(`2001:db8:7:7::${index + 1}`))).catch(() => null),
        )
      expect(outcomes.map((outcome) => (outcome === null ? 'refused' : 'spawned'))).toEqual([
        'spawned',
        'spawned',
        'refused',
        'refused',
      ])
      expect((await spawn(callableRequest(wallet(9), east(4), from('2001:db8:7:8::1')))).spawned).toBeGreaterThan(0)
    })

    test('behavior: a call with no counted source (the local stack without X-Forwarded-For) is not counted', async () => {
      const spawn = crowd()
      for (let index = 0; index < 4; index++)
        expect((await spawn(callableRequest(wallet(index + 1), east(index)))).spawned).toBeGreaterThan(0)
      expect(await db.read('crowd')).toBeNull()
    })
  })
})
