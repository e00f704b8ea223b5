import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createRateLimiter } from './createRateLimiter.js'

describe('createRateLimiter', () => {
  test('default', () => {
    const clock = { at: 0 }
    const limiter = createRateLimiter({ capacity: 3, refillPerSecond: 1, maxSources: 10, now: () => clock.at })
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false])
    expect(limiter.take('b')).toBe(true)
    clock.at = 1000
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
  })

  test('behavior: a cost larger than what is left takes nothing', () => {
    const limiter = createRateLimiter({ capacity: 5, refillPerSecond: 0, maxSources: 10, now: () => 0 })
    expect(limiter.take('a', 4)).toBe(true)
    expect(limiter.take('a', 2)).toBe(false)
    expect(limiter.take('a', 1)).toBe(true)
  })

  test('behavior: 10,000 requests from one source pass only the burst and the refill', () => {
    const clock = { at: 0 }
    const limiter = createRateLimiter({ capacity: 60, refillPerSecond: 0.5, maxSources: 100, now: () => clock.at })
    let passed = 0
    for (let i = 0; i < 10_000; i++) {
      clock.at = i * 10 // 100 s in all
      if (limiter.take('1.2.3.4')) passed++
    }
    expect(passed).toBe(60 + 49)
    expect(limiter.size).toBe(1)
  })

  test('behavior: many sources never hold more than maxSources buckets; the least recently seen goes first', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 0, maxSources: 1000, now: () => 0 })
    expect(limiter.take('kept')).toBe(true)
    for (let i = 0; i < 50_000; i++) {
      limiter.take(`10.0.${i >> 8}.${i & 255}`)
      if (i % 100 === 0) limiter.take('kept', 0)
      expect(limiter.size).toBeLessThanOrEqual(1000)
    }
    // Seen recently, so remembered: its bucket is still empty.
    expect(limiter.take('kept')).toBe(false)
  })

  test('behavior: a source never gets more than capacity plus the refill over any span', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5000), { minLength: 1, maxLength: 200 }), (gaps) => {
        let at = 0
        const limiter = createRateLimiter({ capacity: 5, refillPerSecond: 2, maxSources: 4, now: () => at })
        let passed = 0
        for (const gap of gaps) {
          at += gap
          if (limiter.take('s')) passed++
        }
        expect(passed).toBeLessThanOrEqual(5 + Math.floor((at / 1000) * 2))
      }),
    )
  })
})
