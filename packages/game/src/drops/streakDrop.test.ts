import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseDropId } from './dropId.js'
import {
  formatStreakDropId,
  parseStreakDropId,
  STREAK_DROP_MAX_METERS,
  STREAK_DROP_MIN_METERS,
  STREAK_REWARDS,
  streakDropSchema,
} from './streakDrop.js'

describe('streak drops', () => {
  test('default', () => {
    const id = formatStreakDropId({ window: 997459, token: '0123456789ab' })
    expect(id).toBe('streak_997459_0123456789ab')
    expect(parseStreakDropId(id)).toEqual({ window: 997459, token: '0123456789ab' })
    // Never mistaken for a public drop, and a public drop never for a streak reward.
    expect(parseDropId(id)).toBeNull()
    expect(parseStreakDropId('w21z73t_997459_3')).toBeNull()
    expect(STREAK_REWARDS).toEqual({ 3: 'rare', 7: 'epic' })
    expect([STREAK_DROP_MIN_METERS, STREAK_DROP_MAX_METERS]).toEqual([100, 250])
  })

  test('behavior: the record is a public drop plus the streak day it rewards', () => {
    const record = { lat: 1.28, lng: 103.86, kind: 'gem', rarity: 'epic', expiresAt: 1, streakDay: 7 }
    expect(streakDropSchema.parse(record)).toEqual(record)
    expect(streakDropSchema.safeParse({ ...record, streakDay: 0 }).success).toBe(false)
    expect(streakDropSchema.safeParse({ ...record, rarity: 'mythic' }).success).toBe(false)
  })

  test.each(['', 'streak_1_0123456789a', 'streak_1_0123456789AB', 'streak__0123456789ab', 'streak_1_0123456789ab/x', null, 7])(
    'error: %s is not a streak drop id',
    (id) => {
      expect(parseStreakDropId(id)).toBeNull()
    },
  )

  test('behavior: ids round-trip, and random strings never throw (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.stringMatching(/^[0-9a-f]{12}$/), (window, token) => {
        expect(parseStreakDropId(formatStreakDropId({ window, token }))).toEqual({ window, token })
      }),
    )
    fc.assert(
      fc.property(fc.string(), (id) => {
        const address = parseStreakDropId(id)
        if (address) expect(formatStreakDropId(address)).toBe(id)
      }),
    )
  })
})
