import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CROWD_LIMITS, crowdWindowOf } from './crowdLimits.js'

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
