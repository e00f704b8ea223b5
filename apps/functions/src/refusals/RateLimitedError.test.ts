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
      shortMessage: 'You are collecting too fast.',
      retryAfterMs: 2_400,
      metaMessages: ['Try again in: 3 s'],
    })
    expect(error.message).toMatchInlineSnapshot(`
      "You are collecting too fast.

      Try again in: 3 s"
    `)
  })

  test('parameters: the spawn quota', () => {
    const error = new RateLimitedError({ quota: 'spawn', retryAfterMs: 20 * 60_000 })
    expect(error).toMatchObject({ quota: 'spawn', code: 'rate_limited', retryAfterMs: 1_200_000 })
    expect(error.message).toMatchInlineSnapshot(`
      "You are discovering new areas too fast.

      Try again in: 1200 s"
    `)
  })

  test('parameters: details and cause', () => {
    const cause = new Error('inner')
    const error = new RateLimitedError({ quota: 'collect', retryAfterMs: 3_000, details: 'burst', cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toBe('You are collecting too fast.\n\nTry again in: 3 s\n\nDetails: burst')
  })
})
