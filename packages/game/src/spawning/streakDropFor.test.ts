import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { RARITIES } from '../drops/rarities.js'
import { spawnWindowOf } from '../drops/spawnWindow.js'
import { parseStreakDropId, STREAK_DROP_MAX_METERS, STREAK_DROP_MIN_METERS, streakDropSchema } from '../drops/streakDrop.js'
import { distanceInMeters } from '../geo/distanceInMeters.js'
import { endOfLocalDay } from './endOfLocalDay.js'
import { streakDropFor } from './streakDropFor.js'
import type { StreakRewardDue } from './streakRewardFor.js'

const now = Date.UTC(2026, 10, 24, 1)
const origin = { lat: 1.2834, lng: 103.8607 }
const due: StreakRewardDue = { streakDay: 3, atLeast: 'rare', day: 20_416, timeZone: 'Asia/Singapore' }
const input = { seed: 'seed', uid: '0x52908400098527886E0F7030069857D2E4169EE7', origin, due, now }

describe('streakDropFor', () => {
  test('default', () => {
    const { id, drop } = streakDropFor(input)
    expect(streakDropSchema.parse(drop)).toEqual(drop)
    expect(drop.streakDay).toBe(3)
    expect(drop.expiresAt).toBe(endOfLocalDay(now, 'Asia/Singapore'))
    expect(parseStreakDropId(id)?.window).toBe(spawnWindowOf(drop.expiresAt - 1).index)
    expect(streakDropFor(input)).toEqual({ id, drop })
  })

  test('parameters: another player, day or seed gets another drop', () => {
    const { id } = streakDropFor(input)
    expect(streakDropFor({ ...input, uid: '0x0' }).id).not.toBe(id)
    expect(streakDropFor({ ...input, due: { ...due, day: due.day + 1 } }).id).not.toBe(id)
    expect(streakDropFor({ ...input, seed: 'other' }).id).not.toBe(id)
  })

  test('behavior: 100–250 m away, at least the rarity due, alive until the end of the local day (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ lat: fc.double({ min: -60, max: 60, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) }),
        fc.string(),
        fc.constantFrom(3, 7),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (point, uid, streakDay, time) => {
          const atLeast = streakDay === 3 ? 'rare' : 'epic'
          const { id, drop } = streakDropFor({ seed: 's', uid, origin: point, due: { ...due, streakDay, atLeast }, now: time })
          const distance = distanceInMeters(point, drop)
          expect(distance).toBeGreaterThanOrEqual(STREAK_DROP_MIN_METERS - 0.01)
          expect(distance).toBeLessThanOrEqual(STREAK_DROP_MAX_METERS + 0.01)
          expect(RARITIES.indexOf(drop.rarity)).toBeGreaterThanOrEqual(RARITIES.indexOf(atLeast))
          expect(drop.expiresAt).toBeGreaterThan(time)
          expect(parseStreakDropId(id)).not.toBeNull()
          expect(streakDropSchema.safeParse(drop).success).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
