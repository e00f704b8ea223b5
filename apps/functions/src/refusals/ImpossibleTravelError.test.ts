import { describe, expect, test } from 'vitest'
import { GameError } from './GameError.js'
import { ImpossibleTravelError } from './ImpossibleTravelError.js'

describe('ImpossibleTravelError', () => {
  test('default', () => {
    const error = new ImpossibleTravelError({ retryAfterMs: 7_196_500 })
    expect(error).toBeInstanceOf(GameError)
    expect(error).toMatchObject({
      name: 'ImpossibleTravelError',
      code: 'impossible_travel',
      callableCode: 'failed-precondition',
      shortMessage: 'impossible_travel',
      retryAfterMs: 7_196_500,
      metaMessages: ['Plausible again in: 7197 s'],
      details: undefined,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "impossible_travel

      Plausible again in: 7197 s"
    `)
  })

  test.each([
    { retryAfterMs: 1, seconds: 1 },
    { retryAfterMs: 1_000, seconds: 1 },
    { retryAfterMs: 1_001, seconds: 2 },
  ])('parameters: retryAfterMs $retryAfterMs → $seconds s (rounded up)', ({ retryAfterMs, seconds }) => {
    expect(new ImpossibleTravelError({ retryAfterMs }).metaMessages).toEqual([`Plausible again in: ${seconds} s`])
  })

  test('parameters: details and cause; the meta message is always the wait', () => {
    const cause = new Error('inner')
    const error = new ImpossibleTravelError({ retryAfterMs: 2_000, details: 'from Singapore', cause, metaMessages: ['ignored'] })
    expect(error.cause).toBe(cause)
    expect(error.message).toMatchInlineSnapshot(`
      "impossible_travel

      Plausible again in: 2 s

      Details: from Singapore"
    `)
  })
})
