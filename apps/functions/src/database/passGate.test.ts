import { LONG_HAUL_AFTER_MS, QUOTAS, TRAVEL_SLACK_METERS } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test } from 'vitest'
import { ImpossibleTravelError } from '../refusals/ImpossibleTravelError.js'
import { RateLimitedError } from '../refusals/RateLimitedError.js'
import { type GateRequest, passGate } from './passGate.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const singapore = { lat: 1.3521, lng: 103.8198 }
const paris = { lat: 48.8566, lng: 2.3522 }
const newYork = { lat: 40.7128, lng: -74.006 }
const tokyo = { lat: 35.6762, lng: 139.6503 }
const uid = '0x00000000000000000000000000000000000A11cE'
const collect: GateRequest = { uid, action: 'collect', ...singapore, now, verified: true }
/** Metres per degree of latitude (haversine, mean Earth radius). */
const M_PER_DEG = 111_195.08

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

/** The rejection of `call`, or a failure when it resolved. */
async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  )
}

describe('passGate', () => {
  test('default', async () => {
    await passGate(database, collect)
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...singapore, at: now, slack: TRAVEL_SLACK_METERS },
      collect: { tokens: QUOTAS.collect.capacity - 1, at: now },
    })
  })

  test('behavior: walking passes, and each report becomes the last one', async () => {
    await passGate(database, collect)
    const walked = { lat: singapore.lat + 50 / M_PER_DEG, lng: singapore.lng }
    await passGate(database, { ...collect, ...walked, now: now + 30_000 })
    expect(await db.read(`players/${uid}/last`)).toEqual({ ...walked, at: now + 30_000, slack: TRAVEL_SLACK_METERS })
    // 100 m of slack: two fixes of one standing player may be that far apart.
    await passGate(database, { ...collect, lat: walked.lat + 99 / M_PER_DEG, now: now + 30_000 })
    expect(await db.read(`players/${uid}/last/slack`)).toBeCloseTo(1, 3)
  })

  test('error: chained 99 m hops 0.3 s apart (issue 22) → the slack is spent by the first, the second is impossible travel', async () => {
    await passGate(database, collect)
    await passGate(database, { ...collect, lat: singapore.lat + 99 / M_PER_DEG, now: now + 300 })
    const before = await db.read(`players/${uid}`)
    const error = await rejectionOf(passGate(database, { ...collect, lat: singapore.lat + 198 / M_PER_DEG, now: now + 600 }))
    expect(error).toMatchObject({ code: 'impossible_travel' })
    // 99 m more from ~10 m of budget at 30 m/s: about 3 s, not the 2 h of a flight.
    expect((error as ImpossibleTravelError).retryAfterMs).toBeGreaterThan(2_500)
    expect((error as ImpossibleTravelError).retryAfterMs).toBeLessThan(3_500)
    expect(await db.read(`players/${uid}`)).toEqual(before)
  })

  test('behavior: state stored before the slack budget (no slack) counts as a full budget', async () => {
    await db.database.ref(`players/${uid}`).set({ last: { ...singapore, at: now } })
    await passGate(database, { ...collect, lat: singapore.lat + 99 / M_PER_DEG, now: now + 1 })
    expect(await db.read(`players/${uid}/last/slack`)).toBeCloseTo(1.03, 2)
  })

  test('error: a teleport (Singapore → Paris 3.5 s later) is impossible travel and writes nothing', async () => {
    await passGate(database, collect)
    const before = await db.read(`players/${uid}`)
    const error = await rejectionOf(passGate(database, { ...collect, ...paris, now: now + 3_500 }))
    expect(error).toBeInstanceOf(ImpossibleTravelError)
    expect(error).toMatchObject({ code: 'impossible_travel', retryAfterMs: LONG_HAUL_AFTER_MS - 3_500 })
    expect((error as Error).message).toMatchInlineSnapshot(`
      "impossible_travel

      Plausible again in: 7197 s"
    `)
    expect(await db.read(`players/${uid}`)).toEqual(before)
    // The refusal took no token either: back to a full bucket, less the one taken now.
    await passGate(database, { ...collect, now: now + 3_500 })
    expect(await db.read(`players/${uid}/collect`)).toEqual({ tokens: QUOTAS.collect.capacity - 1, at: now + 3_500 })
  })

  test('behavior: after LONG_HAUL_AFTER_MS any move passes (a flight landed)', async () => {
    await passGate(database, collect)
    await expect(passGate(database, { ...collect, ...paris, now: now + LONG_HAUL_AFTER_MS - 1 })).rejects.toThrow(
      ImpossibleTravelError,
    )
    await passGate(database, { ...collect, ...paris, now: now + LONG_HAUL_AFTER_MS })
    expect(await db.read(`players/${uid}/last`)).toEqual({ ...paris, at: now + LONG_HAUL_AFTER_MS, slack: TRAVEL_SLACK_METERS })
  })

  test('behavior: a fast move waits until 30 m/s would cover it', async () => {
    await passGate(database, collect)
    // 1 km north 10 s later: (1000 − 100) m / 30 m/s = 30 s, 20 s still to go.
    const error = await rejectionOf(passGate(database, { ...collect, lat: singapore.lat + 1_000 / M_PER_DEG, now: now + 10_000 }))
    expect(error).toBeInstanceOf(ImpossibleTravelError)
    expect((error as ImpossibleTravelError).retryAfterMs).toBeGreaterThan(19_900)
    expect((error as ImpossibleTravelError).retryAfterMs).toBeLessThan(20_100)
  })

  test('error: collect quota — 10 quick collects pass, the 11th waits one refill', async () => {
    for (let index = 0; index < QUOTAS.collect.capacity; index++) await passGate(database, collect)
    const before = await db.read(`players/${uid}`)
    const error = await rejectionOf(passGate(database, collect))
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error).toMatchObject({ code: 'rate_limited', quota: 'collect', retryAfterMs: 3_000 })
    expect((error as Error).message).toBe('rate_limited\n\nQuota: collect\nTry again in: 3 s')
    expect(await db.read(`players/${uid}`)).toEqual(before)
    // A third of a token is back after 1 s: two thirds of a refill to go (± rounding up).
    const later = (await rejectionOf(passGate(database, { ...collect, now: now + 1_000 }))) as RateLimitedError
    expect(later.retryAfterMs).toBeGreaterThanOrEqual(2_000)
    expect(later.retryAfterMs).toBeLessThanOrEqual(2_001)
    await passGate(database, { ...collect, now: now + 3_000 })
  })

  test('error: unverified spawn quota — 3, then a wait of 20 minutes', async () => {
    const spawn: GateRequest = { ...collect, action: 'spawn', verified: false }
    for (let index = 0; index < 3; index++) await passGate(database, spawn)
    await expect(passGate(database, spawn)).rejects.toThrow(RateLimitedError)
    await expect(passGate(database, spawn)).rejects.toMatchObject({
      quota: 'spawn',
      retryAfterMs: QUOTAS.spawnUnverified.refillMs,
      message: 'rate_limited\n\nQuota: spawn\nTry again in: 1200 s',
    })
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...singapore, at: now, slack: TRAVEL_SLACK_METERS },
      spawn: { tokens: 0, at: now },
    })
  })

  test('behavior: verified spawn quota — 20, then a wait of 30 s', async () => {
    const spawn: GateRequest = { ...collect, action: 'spawn', verified: true }
    for (let index = 0; index < QUOTAS.spawnVerified.capacity; index++) await passGate(database, spawn)
    await expect(passGate(database, spawn)).rejects.toMatchObject({ quota: 'spawn', retryAfterMs: 30_000 })
  })

  test('behavior: a request that spends nothing passes an empty bucket, still checks travel and records the position', async () => {
    const spawn: GateRequest = { ...collect, action: 'spawn', verified: false }
    for (let index = 0; index < 3; index++) await passGate(database, spawn)
    const walked = { lat: singapore.lat + 50 / M_PER_DEG, lng: singapore.lng }
    await passGate(database, { ...spawn, ...walked, now: now + 10_000, spend: false })
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...walked, at: now + 10_000, slack: TRAVEL_SLACK_METERS },
      spawn: { tokens: 0, at: now },
    })
    // Spending nothing is no way around the travel gate.
    await expect(passGate(database, { ...spawn, ...paris, now: now + 20_000, spend: false })).rejects.toThrow(
      ImpossibleTravelError,
    )
  })

  test('behavior: a player who verifies starts the verified spawn allowance full, once', async () => {
    const spawn: GateRequest = { ...collect, action: 'spawn', verified: false }
    for (let index = 0; index < 3; index++) await passGate(database, spawn)
    await expect(passGate(database, spawn)).rejects.toThrow(RateLimitedError)
    await passGate(database, { ...spawn, verified: true })
    expect(await db.read(`players/${uid}/spawn`)).toEqual({ tokens: QUOTAS.spawnVerified.capacity - 1, at: now, verified: true })
    await passGate(database, { ...spawn, verified: true })
    expect(await db.read(`players/${uid}/spawn`)).toEqual({ tokens: QUOTAS.spawnVerified.capacity - 2, at: now, verified: true })
  })

  test('behavior: the spawn and collect quotas are separate buckets', async () => {
    const spawn: GateRequest = { ...collect, action: 'spawn', verified: false }
    for (let index = 0; index < 3; index++) await passGate(database, spawn)
    await passGate(database, collect)
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...singapore, at: now, slack: TRAVEL_SLACK_METERS },
      spawn: { tokens: 0, at: now },
      collect: { tokens: 9, at: now },
    })
  })

  test('behavior: players do not share state', async () => {
    const bob = '0x0000000000000000000000000000000000000B0b'
    await passGate(database, collect)
    await passGate(database, { ...collect, uid: bob, ...paris, now: now + 1 })
    expect(await db.read(`players/${bob}/last`)).toEqual({ ...paris, at: now + 1, slack: TRAVEL_SLACK_METERS })
  })

  test('behavior: two parallel teleports from two instances — exactly one passes', async () => {
    // Hours after the last report, Paris alone or New York alone would pass; both at once cannot.
    await passGate(database, collect)
    const later = now + 3 * 60 * 60 * 1000
    const instances = [database, db.openInstance()]
    const places = [paris, newYork]
    const settled = await Promise.allSettled(
      places.map((place, index) => passGate(instances[index] as Database, { ...collect, ...place, now: later })),
    )
    const passed = settled.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [places[index]] : []))
    expect(passed).toHaveLength(1)
    for (const outcome of settled) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ImpossibleTravelError)
    }
    expect(await db.read(`players/${uid}/last`)).toEqual({ ...passed[0], at: later, slack: TRAVEL_SLACK_METERS })
  })

  test('behavior: a fresh player teleporting from four instances at once — exactly one passes', async () => {
    const instances = [database, db.openInstance(), db.openInstance(), db.openInstance()]
    const places = [singapore, paris, newYork, tokyo]
    const settled = await Promise.allSettled(
      places.map((place, index) => passGate(instances[index] as Database, { ...collect, ...place })),
    )
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const winner = places[settled.findIndex((outcome) => outcome.status === 'fulfilled')]
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...winner, at: now, slack: TRAVEL_SLACK_METERS },
      collect: { tokens: 9, at: now },
    })
  })

  test('behavior: concurrent collects never take more tokens than the bucket holds', async () => {
    const instances = [database, db.openInstance(), db.openInstance()]
    const settled = await Promise.allSettled(
      Array.from({ length: 15 }, (_, index) => passGate(instances[index % instances.length] as Database, collect)),
    )
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(QUOTAS.collect.capacity)
    for (const outcome of settled) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(RateLimitedError)
    expect(await db.read(`players/${uid}/collect/tokens`)).toBe(0)
  })

  test.each([
    { name: 'a string', stored: 'junk' },
    { name: 'a number', stored: 42 },
    { name: 'an array', stored: ['x'] },
    { name: 'a malformed last report', stored: { last: { lat: 'north', lng: 0, at: now } } },
    { name: 'a malformed collect bucket', stored: { collect: { tokens: 'all', at: now } } },
    { name: 'unknown fields', stored: { cheat: true } },
  ])('behavior: a malformed /players/{uid} node ($name) is a fresh player', async ({ stored }) => {
    await database.ref(`players/${uid}`).set(stored)
    await passGate(database, { ...collect, ...paris })
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...paris, at: now, slack: TRAVEL_SLACK_METERS },
      collect: { tokens: 9, at: now },
    })
  })

  test('behavior: a malformed bucket of the other action is dropped, not a crash', async () => {
    await database.ref(`players/${uid}`).set({ last: { ...singapore, at: now }, spawn: { tokens: 'many' } })
    // Bounded: the bug this guards against left the transaction hanging forever.
    // On an instance of its own, so a hung transaction cannot hold up the other tests.
    await Promise.race([
      passGate(db.openInstance(), collect),
      new Promise((_, reject) => setTimeout(() => reject(new Error('passGate never settled')), 2_000)),
    ])
    expect(await db.read(`players/${uid}`)).toEqual({
      last: { ...singapore, at: now, slack: TRAVEL_SLACK_METERS },
      collect: { tokens: 9, at: now },
    })
  })

  test('behavior: valid parts of a partly malformed node are kept', async () => {
    await database.ref(`players/${uid}`).set({ last: { ...singapore, at: now }, collect: { tokens: 0, at: now }, spawn: 7 })
    await expect(passGate(database, { ...collect, ...paris, now: now + 1_000 })).rejects.toThrow(ImpossibleTravelError)
    await expect(passGate(database, { ...collect, now: now + 1_000 })).rejects.toThrow(RateLimitedError)
  })
})
