import { describe, expect, test } from 'vitest'
import { GameError } from './GameError.js'
import { RateLimitedError } from './RateLimitedError.js'

describe('RateLimitedError', () => {
  test('default', () => {
    const error = new RateLimitedError({ quota: 'collect', retryAfterMs: 2_400 })
    expect(error).toBeInstanceOf(GameError)
    expect(error).toMatchObject({
      name: 'RateLimitedError',
      code: 'rate_limited',
      callableCode: 'resource-exhausted',
      quota: 'collect',
      shortMessage: 'rate_limited',
      retryAfterMs: 2_400,
      metaMessages: ['Quota: collect', 'Try again in: 3 s'],
    })
    expect(error.message).toMatchInlineSnapshot(`
      "rate_limited

      Quota: collect
      Try again in: 3 s"
    `)
  })

  test('parameters: the spawn quota', () => {
    const error = new RateLimitedError({ quota: 'spawn', retryAfterMs: 20 * 60_000 })
    expect(error).toMatchObject({ quota: 'spawn', code: 'rate_limited', retryAfterMs: 1_200_000 })
    expect(error.message).toMatchInlineSnapshot(`
      "rate_limited

      Quota: spawn
      Try again in: 1200 s"
    `)
  })

  test('parameters: details and cause', () => {
    const cause = new Error('inner')
    const error = new RateLimitedError({ quota: 'collect', retryAfterMs: 3_000, details: 'burst', cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toBe('rate_limited\n\nQuota: collect\nTry again in: 3 s\n\nDetails: burst')
  })
})
