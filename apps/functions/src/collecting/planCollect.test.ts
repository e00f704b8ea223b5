import { formatDropId, type MapDrop, parseDropId, spawnWindowOf } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DropExpiredError } from '../refusals/DropExpiredError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { GameError } from '../refusals/GameError.js'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { LocationTooInaccurateError } from '../refusals/LocationTooInaccurateError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { OutOfReachError } from '../refusals/OutOfReachError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import {
  COLLECT_REACH_METERS,
  type CollectContext,
  type CollectInput,
  MAX_ACCURACY_BONUS_METERS,
  MAX_ACCURACY_METERS,
  planCollect,
} from './planCollect.js'

const uid = '0x1234567890AbcdEF1234567890aBcdef12345678'
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now)
const cell = 'w21z6h8' // cellOf(1.3, 103.8)
const dropId = formatDropId({ cell, window: window.index, index: 2 })
const drop: MapDrop = { id: dropId, lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'rare', expiresAt: window.end }
/** Metres per degree of latitude (haversine, mean Earth radius). */
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG

const input: CollectInput = { uid, dropId, lat: north(10), lng: drop.lng, accuracy: 5 }
const context: CollectContext = { now, drop, verifiedLevel: 'orb' }

describe('planCollect', () => {
  test('default', () => {
    const plan = planCollect(input, context)
    expect(plan).toEqual({
      ok: true,
      itemId: dropId,
      distance: expect.closeTo(10, 3),
      item: { kind: 'gem', rarity: 'rare', dropId, lat: 1.3, lng: 103.8, collectedAt: now },
    })
  })

  test('behavior: the stated collect rules', () => {
    expect({ COLLECT_REACH_METERS, MAX_ACCURACY_BONUS_METERS, MAX_ACCURACY_METERS }).toEqual({
      COLLECT_REACH_METERS: 50,
      MAX_ACCURACY_BONUS_METERS: 25,
      MAX_ACCURACY_METERS: 100,
    })
  })

  test.each([
    { name: 'reach is 50 m with accuracy 0', metres: 49.9, accuracy: 0, ok: true },
    { name: 'beyond 50 m with accuracy 0', metres: 50.1, accuracy: 0, ok: false },
    { name: 'accuracy widens the reach', metres: 69.9, accuracy: 20, ok: true },
    { name: 'accuracy widens the reach by no more than itself', metres: 70.1, accuracy: 20, ok: false },
    { name: 'accuracy bonus is capped at 25 m', metres: 74.9, accuracy: 100, ok: true },
    { name: 'beyond 75 m even with poor accuracy', metres: 75.1, accuracy: 100, ok: false },
  ])('parameters: $name', ({ metres, accuracy, ok }) => {
    const attempt = () => planCollect({ ...input, lat: north(metres), accuracy }, context)
    if (ok) expect(attempt().distance).toBeCloseTo(metres, 3)
    else expect(attempt).toThrow(OutOfReachError)
  })

  test('parameters: any verification level will do', () => {
    for (const verifiedLevel of ['device', 'document', 'secure_document', 'orb'])
      expect(planCollect(input, { ...context, verifiedLevel }).ok).toBe(true)
  })

  test('parameters: the last millisecond of the window still collects', () => {
    expect(planCollect(input, { ...context, now: window.end - 1 }).item.collectedAt).toBe(window.end - 1)
  })

  test('parameters: a drop of an earlier window whose record is still live', () => {
    const earlier = formatDropId({ cell, window: window.index - 1, index: 0 })
    const plan = planCollect({ ...input, dropId: earlier }, { ...context, drop: { ...drop, id: earlier } })
    expect(plan.itemId).toBe(earlier)
  })

  test.each([
    { name: 'not signed in (null)', patch: { uid: null }, error: UnauthenticatedError },
    { name: 'not signed in (undefined)', patch: { uid: undefined }, error: UnauthenticatedError },
    { name: 'not signed in (empty)', patch: { uid: '' }, error: UnauthenticatedError },
    { name: 'drop id with a path', patch: { dropId: 'a/b' }, error: DropNotFoundError },
    { name: 'drop id not a string', patch: { dropId: 42 }, error: DropNotFoundError },
    { name: 'drop id too long', patch: { dropId: `${dropId}${'0'.repeat(64)}` }, error: DropNotFoundError },
    { name: 'drop id of the old format', patch: { dropId: 'd0123456789abcdef0123456789abcdef' }, error: DropNotFoundError },
    { name: 'drop id with a watch cell', patch: { dropId: `w21z6h_${window.index}_2` }, error: DropNotFoundError },
    { name: 'lat out of range', patch: { lat: 100 }, error: InvalidLocationError },
    { name: 'lng out of range', patch: { lng: -180.5 }, error: InvalidLocationError },
    { name: 'lng NaN', patch: { lng: Number.NaN }, error: InvalidLocationError },
    { name: 'lat infinite', patch: { lat: Number.POSITIVE_INFINITY }, error: InvalidLocationError },
    { name: 'lat a string', patch: { lat: '1.3' }, error: InvalidLocationError },
    { name: 'negative accuracy', patch: { accuracy: -1 }, error: InvalidLocationError },
    { name: 'missing accuracy', patch: { accuracy: undefined }, error: InvalidLocationError },
    { name: 'accuracy over 100 m', patch: { accuracy: 100.5 }, error: LocationTooInaccurateError },
  ])('error: $name', ({ patch, error }) => {
    expect(() => planCollect({ ...input, ...patch }, context)).toThrow(error)
  })

  test.each([
    { name: 'not verified', patch: { verifiedLevel: null }, error: NotVerifiedError },
    { name: 'not verified (empty level)', patch: { verifiedLevel: '' }, error: NotVerifiedError },
    { name: 'no such drop', patch: { drop: null }, error: DropNotFoundError },
    {
      name: 'the record of another drop',
      patch: { drop: { ...drop, id: formatDropId({ cell, window: window.index, index: 3 }) } },
      error: DropNotFoundError,
    },
    { name: 'expired (at expiresAt)', patch: { now: drop.expiresAt }, error: DropExpiredError },
    { name: 'expired (long after)', patch: { now: drop.expiresAt + 86_400_000 }, error: DropExpiredError },
  ])('error: $name', ({ patch, error }) => {
    expect(() => planCollect(input, { ...context, ...patch })).toThrow(error)
  })

  test('error: a drop whose window has not begun yet does not exist', () => {
    const future = formatDropId({ cell, window: window.index + 1, index: 0 })
    const early = { ...drop, id: future, expiresAt: window.end + 1_800_000 }
    expect(() => planCollect({ ...input, dropId: future }, { ...context, drop: early })).toThrowErrorMatchingInlineSnapshot(
      `[DropNotFoundError: drop_not_found]`,
    )
    // From its first millisecond on, it does.
    expect(planCollect({ ...input, dropId: future }, { ...context, drop: early, now: window.end }).itemId).toBe(future)
  })

  test('error: checks run in order (auth, input, drop id shape, verification, existence, expiry, accuracy, reach)', () => {
    const worst: CollectContext = { now: drop.expiresAt, drop: null, verifiedLevel: null }
    const bad = { ...input, dropId: 42, lat: 100, accuracy: 500 }
    expect(() => planCollect({ ...bad, uid: null }, worst)).toThrow(UnauthenticatedError)
    // A drop id that is not even a short string fails with the input; a string is parsed after the location.
    expect(() => planCollect(bad, worst)).toThrow(DropNotFoundError)
    expect(() => planCollect({ ...bad, dropId: 'a/b' }, worst)).toThrow(InvalidLocationError)
    expect(() => planCollect({ ...bad, dropId }, worst)).toThrow(InvalidLocationError)
    expect(() => planCollect({ ...input, dropId: 'zzz' }, worst)).toThrow(DropNotFoundError)
    expect(() => planCollect(input, worst)).toThrow(NotVerifiedError)
    expect(() => planCollect(input, { ...worst, verifiedLevel: 'orb' })).toThrow(DropNotFoundError)
    const far = { ...input, lat: north(5_000), accuracy: 500 }
    expect(() => planCollect(far, { ...worst, verifiedLevel: 'orb', drop })).toThrow(DropExpiredError)
    expect(() => planCollect(far, context)).toThrow(LocationTooInaccurateError)
    expect(() => planCollect({ ...far, accuracy: 5 }, context)).toThrow(OutOfReachError)
  })

  test('error: out of reach carries the distance', () => {
    try {
      planCollect({ ...input, lat: north(123.45), accuracy: 10 }, context)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(OutOfReachError)
      expect(error).toMatchObject({ code: 'out_of_reach', callableCode: 'out-of-range', distance: 123.5, reach: 60 })
      expect((error as Error).message).toMatchInlineSnapshot(`
        "out_of_reach

        Distance: 123.5 m
        Reach: 60 m"
      `)
    }
  })

  test('error: messages', () => {
    expect(() => planCollect({ ...input, uid: undefined }, context)).toThrowErrorMatchingInlineSnapshot(
      `[UnauthenticatedError: unauthenticated]`,
    )
    expect(() => planCollect({ ...input, dropId: '../x' }, context)).toThrowErrorMatchingInlineSnapshot(`
      [DropNotFoundError: drop_not_found

      Details: malformed drop id]
    `)
    expect(() => planCollect({ ...input, dropId: 7 }, context)).toThrowErrorMatchingInlineSnapshot(`
      [DropNotFoundError: drop_not_found

      Details: malformed drop id]
    `)
    expect(() => planCollect({ ...input, lat: 91, lng: 'x' }, context)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidLocationError: invalid_location

      Details: lat, lng]
    `)
    expect(() => planCollect(input, { ...context, verifiedLevel: null })).toThrowErrorMatchingInlineSnapshot(
      `[NotVerifiedError: not_verified]`,
    )
    expect(() => planCollect(input, { ...context, drop: null })).toThrowErrorMatchingInlineSnapshot(
      `[DropNotFoundError: drop_not_found]`,
    )
    expect(() => planCollect(input, { ...context, now: drop.expiresAt })).toThrowErrorMatchingInlineSnapshot(
      `[DropExpiredError: drop_expired]`,
    )
    expect(() => planCollect({ ...input, accuracy: 250 }, context)).toThrowErrorMatchingInlineSnapshot(`
      [LocationTooInaccurateError: location_too_inaccurate

      Accuracy: 250 m
      Required: ≤ 100 m]
    `)
  })

  test('behavior: random input only ever returns a valid plan or throws a typed GameError (property)', () => {
    const anyDropId = fc.oneof(
      fc.constant(dropId),
      fc
        .tuple(fc.integer({ min: window.index - 2, max: window.index + 2 }), fc.integer({ min: 0, max: 99 }))
        .map(([anyWindow, index]) => formatDropId({ cell, window: anyWindow, index })),
    )
    const anyDrop = fc.record({
      id: anyDropId,
      lat: fc.double({ min: 1.2995, max: 1.3005, noNaN: true }),
      lng: fc.double({ min: 103.7995, max: 103.8005, noNaN: true }),
      kind: fc.constantFrom('coin' as const, 'relic' as const),
      rarity: fc.constantFrom('common' as const, 'legendary' as const),
      expiresAt: fc.integer({ min: window.start - 1_800_000, max: window.end + 1_800_000 }),
    })
    fc.assert(
      fc.property(
        fc.record({
          uid: fc.oneof(fc.constant(uid), fc.option(fc.string(), { nil: undefined })),
          dropId: fc.oneof(anyDropId, fc.string(), fc.anything()),
          lat: fc.oneof(fc.double(), fc.double({ min: 1.299, max: 1.301, noNaN: true }), fc.anything()),
          lng: fc.oneof(fc.double(), fc.double({ min: 103.799, max: 103.801, noNaN: true }), fc.anything()),
          accuracy: fc.oneof(fc.double(), fc.double({ min: 0, max: 200, noNaN: true }), fc.anything()),
        }),
        fc.record({
          now: fc.integer({ min: window.start - 1_800_000, max: window.end + 1_800_000 }),
          drop: fc.option(anyDrop, { nil: null }),
          verifiedLevel: fc.option(fc.constantFrom('orb', 'device'), { nil: null }),
        }),
        (anyInput, anyContext) => {
          try {
            const plan = planCollect(anyInput, anyContext)
            expect(plan.ok).toBe(true)
            expect(plan.itemId).toBe(anyInput.dropId)
            expect(plan.itemId).toBe(anyContext.drop?.id)
            expect(anyContext.verifiedLevel).not.toBeNull()
            expect(plan.distance).toBeLessThanOrEqual(75)
            expect(anyContext.now).toBeLessThan(anyContext.drop?.expiresAt ?? Number.NEGATIVE_INFINITY)
            expect(parseDropId(plan.itemId)?.window).toBeLessThanOrEqual(spawnWindowOf(anyContext.now).index)
            expect(plan.item).toMatchObject({ dropId: plan.itemId, collectedAt: anyContext.now })
          } catch (error) {
            expect(error).toBeInstanceOf(GameError)
          }
        },
      ),
    )
  })
})
