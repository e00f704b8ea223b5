import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { QUOTAS, takeToken } from './quotas.js'

const policy = { capacity: 3, refillMs: 1_000 }

describe('takeToken', () => {
  test('default: a new bucket is full', () => {
    expect(takeToken(null, 5_000, policy)).toEqual({ bucket: { tokens: 2, at: 5_000 }, waitMs: 0 })
  })

  test('behavior: a burst of `capacity`, then a wait of one refill', () => {
    let bucket = null as ReturnType<typeof takeToken>['bucket'] | null
    for (let i = 0; i < 3; i++) {
      const result = takeToken(bucket, 0, policy)
      expect(result.waitMs).toBe(0)
      bucket = result.bucket
    }
    expect(takeToken(bucket, 0, policy).waitMs).toBe(1_000)
    expect(takeToken(bucket, 400, policy).waitMs).toBe(600)
    expect(takeToken(bucket, 1_000, policy).waitMs).toBe(0)
  })

  test('behavior: refills never exceed the capacity', () => {
    expect(takeToken({ tokens: 0, at: 0 }, 10 ** 9, policy).bucket.tokens).toBe(2)
  })

  test.each([
    ['NaN tokens', { tokens: Number.NaN, at: 0 }],
    ['infinite time', { tokens: 1, at: Number.POSITIVE_INFINITY }],
  ])('behavior: a malformed bucket (%s) is a full one', (_, stored) => {
    expect(takeToken(stored, 0, policy)).toEqual({ bucket: { tokens: 2, at: 0 }, waitMs: 0 })
  })

  test('behavior: the stated quotas', () => {
    expect(QUOTAS.collect).toEqual({ capacity: 10, refillMs: 3_000 })
    expect(QUOTAS.spawnUnverified.capacity).toBeLessThan(QUOTAS.spawnVerified.capacity)
  })

  test('behavior: over any run of calls, tokens taken ≤ capacity + elapsed / refill (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 60 }), (gaps) => {
        let bucket = null as ReturnType<typeof takeToken>['bucket'] | null
        let now = 0
        let taken = 0
        for (const gap of gaps) {
          now += gap
          const result = takeToken(bucket, now, policy)
          if (result.waitMs === 0) taken += 1
          else expect(result.waitMs).toBeGreaterThan(0)
          bucket = result.bucket
        }
        expect(taken).toBeLessThanOrEqual(policy.capacity + now / policy.refillMs)
      }),
    )
  })
})
