import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { CROWD_LIMITS, crowdWindowOf, readCrowdLimits } from './crowdLimits.js'

describe('crowdWindowOf', () => {
  test('default: the window of an instant and the time left in it', () => {
    const windowMs = CROWD_LIMITS.windowMs
    expect(crowdWindowOf(10 * windowMs + 1)).toEqual({ index: 10, retryAfterMs: windowMs - 1 })
    expect(crowdWindowOf(10 * windowMs)).toEqual({ index: 10, retryAfterMs: windowMs })
  })

  test('property: an instant lies in its window, and a refusal lifts at that window’s end, never later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (now) => {
        const { index, retryAfterMs } = crowdWindowOf(now)
        expect(index * CROWD_LIMITS.windowMs).toBeLessThanOrEqual(now)
        expect(retryAfterMs).toBeGreaterThan(0)
        expect(retryAfterMs).toBeLessThanOrEqual(CROWD_LIMITS.windowMs)
        expect(now + retryAfterMs).toBe((index + 1) * CROWD_LIMITS.windowMs)
      }),
    )
  })

  test('behavior: the worldwide verify lanes together stay at the Developer Portal budget of about 1 call per second', () => {
    expect((CROWD_LIMITS.verifyFreshTotal + CROWD_LIMITS.verifyOpenTotal) / (CROWD_LIMITS.windowMs / 1000)).toBe(1)
  })
})

describe('readCrowdLimits', () => {
  test('default: production’s numbers', () => {
    expect(readCrowdLimits({})).toEqual(CROWD_LIMITS)
    expect(readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: '' })).toEqual(CROWD_LIMITS)
  })

  test('parameters: a divisor scales every count (rounded up, at least 1), never the window', () => {
    expect(readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: '20' })).toEqual({
      ...CROWD_LIMITS,
      unverifiedSpawnsPerSourceRegion: 1,
      unverifiedSpawnsPerSource: 2,
      signInsPerSource: 2,
      verifyPerAccount: 1,
      verifyFreshTotal: 60,
      verifyOpenTotal: 30,
    })
  })

  test.each(['-0', '-3', '2.5', 'many', '1001'])('error: %s is named, never shown', (value) => {
    expect(() => readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: value })).toThrow(ConfigError)
    try {
      readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: value })
    } catch (error) {
      expect((error as ConfigError).variables).toEqual(['WORLDMAP_CROWD_LIMITS_DIVISOR'])
      expect((error as Error).message).not.toContain(value)
    }
  })
})
