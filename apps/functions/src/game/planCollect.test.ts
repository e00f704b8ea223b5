import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Drop } from './dropSchema.js'
import { AlreadyCollectedError } from './errors/AlreadyCollectedError.js'
import { DropExpiredError } from './errors/DropExpiredError.js'
import { DropNotFoundError } from './errors/DropNotFoundError.js'
import { GameError } from './errors/GameError.js'
import { InvalidLocationError } from './errors/InvalidLocationError.js'
import { LocationTooInaccurateError } from './errors/LocationTooInaccurateError.js'
import { NotVerifiedError } from './errors/NotVerifiedError.js'
import { OutOfReachError } from './errors/OutOfReachError.js'
import { UnauthenticatedError } from './errors/UnauthenticatedError.js'
import { type CollectContext, type CollectInput, planCollect } from './planCollect.js'

const uid = '0x1234567890AbcdEF1234567890aBcdef12345678'
const drop: Drop = {
  id: 'd0123456789abcdef0123456789abcdef',
  lat: 1.3,
  lng: 103.8,
  geohash: 'w21z0000',
  kind: 'gem',
  rarity: 'rare',
  spawnedAt: 1_000_000,
  expiresAt: 1_000_000 + 1_800_000,
}
/** Metres per degree of latitude (haversine, mean Earth radius). */
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG

const input: CollectInput = { uid, dropId: drop.id, lat: north(10), lng: drop.lng, accuracy: 5 }
const context: CollectContext = { now: 1_500_000, drop, verifiedLevel: 'orb', alreadyCollectedBy: null }

describe('planCollect', () => {
  test('default', () => {
    const plan = planCollect(input, context)
    expect(plan).toMatchObject({
      ok: true,
      itemId: drop.id,
      item: { kind: 'gem', rarity: 'rare', dropId: drop.id, lat: 1.3, lng: 103.8, collectedAt: 1_500_000 },
    })
    expect(plan.distance).toBeCloseTo(10, 3)
  })

  test.each([
    { name: 'reach is 50 m with accuracy 0', metres: 49.9, accuracy: 0, ok: true },
    { name: 'beyond 50 m with accuracy 0', metres: 50.1, accuracy: 0, ok: false },
    { name: 'accuracy widens the reach', metres: 69.9, accuracy: 20, ok: true },
    { name: 'accuracy bonus is capped at 25 m', metres: 74.9, accuracy: 100, ok: true },
    { name: 'beyond 75 m even with poor accuracy', metres: 75.1, accuracy: 100, ok: false },
  ])('parameters: $name', ({ metres, accuracy, ok }) => {
    const attempt = () => planCollect({ ...input, lat: north(metres), accuracy }, context)
    if (ok) expect(attempt().ok).toBe(true)
    else expect(attempt).toThrow(OutOfReachError)
  })

  test.each([
    { name: 'not signed in (null)', patch: { uid: null }, error: UnauthenticatedError },
    { name: 'not signed in (empty)', patch: { uid: '' }, error: UnauthenticatedError },
    { name: 'malformed drop id', patch: { dropId: 'a/b' }, error: DropNotFoundError },
    { name: 'drop id not a string', patch: { dropId: 42 }, error: DropNotFoundError },
    { name: 'lat out of range', patch: { lat: 100 }, error: InvalidLocationError },
    { name: 'lng NaN', patch: { lng: Number.NaN }, error: InvalidLocationError },
    { name: 'negative accuracy', patch: { accuracy: -1 }, error: InvalidLocationError },
    { name: 'missing accuracy', patch: { accuracy: undefined }, error: InvalidLocationError },
    { name: 'accuracy over 100 m', patch: { accuracy: 100.5 }, error: LocationTooInaccurateError },
  ])('error: $name', ({ patch, error }) => {
    expect(() => planCollect({ ...input, ...patch }, context)).toThrow(error)
  })

  test.each([
    { name: 'not verified', patch: { verifiedLevel: null }, error: NotVerifiedError },
    { name: 'no such drop', patch: { drop: null }, error: DropNotFoundError },
    { name: 'another drop', patch: { drop: { ...drop, id: 'dother' } }, error: DropNotFoundError },
    { name: 'not spawned yet', patch: { now: drop.spawnedAt - 1 }, error: DropNotFoundError },
    { name: 'expired (at expiresAt)', patch: { now: drop.expiresAt }, error: DropExpiredError },
    { name: 'collected by someone else', patch: { alreadyCollectedBy: '0xother' }, error: AlreadyCollectedError },
    { name: 'collected by the same user', patch: { alreadyCollectedBy: uid }, error: AlreadyCollectedError },
  ])('error: $name', ({ patch, error }) => {
    expect(() => planCollect(input, { ...context, ...patch })).toThrow(error)
  })

  test('error: checks run in order (auth before verification before existence…)', () => {
    const worst: CollectContext = { now: drop.expiresAt, drop: null, verifiedLevel: null, alreadyCollectedBy: uid }
    expect(() => planCollect({ ...input, uid: null }, worst)).toThrow(UnauthenticatedError)
    expect(() => planCollect(input, worst)).toThrow(NotVerifiedError)
    expect(() => planCollect(input, { ...worst, verifiedLevel: 'device' })).toThrow(DropNotFoundError)
    expect(() => planCollect(input, { ...worst, verifiedLevel: 'device', drop })).toThrow(AlreadyCollectedError)
  })

  test('error: out of reach carries the distance', () => {
    try {
      planCollect({ ...input, lat: north(123.45), accuracy: 10 }, context)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(OutOfReachError)
      expect(error).toMatchObject({ code: 'out_of_reach', callableCode: 'out-of-range', distance: 123.5, reach: 60 })
      expect((error as Error).message).toMatchInlineSnapshot(`
        "Move closer to collect this drop.

        Distance: 123.5 m
        Reach: 60 m"
      `)
    }
  })

  test('error: messages', () => {
    expect(() => planCollect({ ...input, uid: undefined }, context)).toThrowErrorMatchingInlineSnapshot(
      `[UnauthenticatedError: Sign in to collect drops.]`,
    )
    expect(() => planCollect(input, { ...context, verifiedLevel: null })).toThrowErrorMatchingInlineSnapshot(
      `[NotVerifiedError: Verify you are human with World ID to collect drops.]`,
    )
    expect(() => planCollect(input, { ...context, now: drop.expiresAt })).toThrowErrorMatchingInlineSnapshot(
      `[DropExpiredError: This drop has expired.]`,
    )
    expect(() => planCollect(input, { ...context, alreadyCollectedBy: uid })).toThrowErrorMatchingInlineSnapshot(
      `[AlreadyCollectedError: This drop has already been collected.]`,
    )
    expect(() => planCollect({ ...input, accuracy: 250 }, context)).toThrowErrorMatchingInlineSnapshot(`
      [LocationTooInaccurateError: Your location is too inaccurate to collect drops.

      Accuracy: 250 m
      Required: ≤ 100 m]
    `)
  })

  test('behavior: random input only ever returns a plan or throws a typed GameError', () => {
    const anyDrop = fc.record({
      id: fc.constantFrom(drop.id, 'dx'),
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
      geohash: fc.constant('s'),
      kind: fc.constant('coin' as const),
      rarity: fc.constantFrom('common' as const, 'legendary' as const),
      spawnedAt: fc.integer({ min: 0, max: 2_000_000 }),
      expiresAt: fc.integer({ min: 0, max: 4_000_000 }),
    })
    fc.assert(
      fc.property(
        fc.record({
          uid: fc.option(fc.string(), { nil: undefined }),
          dropId: fc.oneof(fc.constant(drop.id), fc.anything()),
          lat: fc.oneof(fc.double(), fc.double({ min: -90, max: 90, noNaN: true }), fc.anything()),
          lng: fc.oneof(fc.double(), fc.double({ min: -180, max: 180, noNaN: true }), fc.anything()),
          accuracy: fc.oneof(fc.double(), fc.double({ min: 0, max: 200, noNaN: true }), fc.anything()),
        }),
        fc.record({
          now: fc.integer({ min: 0, max: 4_000_000 }),
          drop: fc.option(anyDrop, { nil: null }),
          verifiedLevel: fc.option(fc.constantFrom('orb', 'device'), { nil: null }),
          alreadyCollectedBy: fc.option(fc.string(), { nil: null }),
        }),
        (anyInput, anyContext) => {
          try {
            const plan = planCollect(anyInput, anyContext)
            expect(plan.ok).toBe(true)
            expect(plan.distance).toBeLessThanOrEqual(75)
            expect(anyContext.alreadyCollectedBy).toBeNull()
            expect(anyContext.now).toBeLessThan(anyContext.drop?.expiresAt ?? Number.NEGATIVE_INFINITY)
          } catch (error) {
            expect(error).toBeInstanceOf(GameError)
          }
        },
      ),
    )
  })
})
