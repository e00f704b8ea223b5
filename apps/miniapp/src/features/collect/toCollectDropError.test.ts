import { describe, expect, test } from 'vitest'
import { CollectDropError } from './CollectDropError.js'
import { toCollectDropError } from './toCollectDropError.js'

/** What the Firebase client throws for an HttpsError (FunctionsError), without importing Firebase. */
const functionsError = (code: string, details?: unknown) => Object.assign(new Error('server text'), { code, details })

describe('toCollectDropError', () => {
  test('default: the game code in details wins, with the message the sheet shows', () => {
    const cause = functionsError('functions/out-of-range', { code: 'out_of_reach' })
    const error = toCollectDropError(cause)
    expect(error).toBeInstanceOf(CollectDropError)
    expect(error.name).toBe('CollectDropError')
    expect(error.code).toBe('out_of_reach')
    expect(error.message).toBe('Move closer to collect this drop.')
    expect(error.cause).toBe(cause)
  })

  test.each([
    ['functions/unauthenticated', 'unauthenticated', 'Sign in to collect drops.'],
    ['functions/permission-denied', 'not_verified', 'Verify you are human with World ID to collect drops.'],
    ['functions/invalid-argument', 'invalid_location', 'Location is invalid.'],
    ['functions/not-found', 'drop_not_found', 'This drop does not exist.'],
    ['functions/already-exists', 'already_collected', 'This drop has already been collected.'],
    ['functions/out-of-range', 'out_of_reach', 'Move closer to collect this drop.'],
    ['functions/resource-exhausted', 'rate_limited', "You're collecting very fast. Try again in a moment."],
    ['functions/unavailable', 'unavailable', "The game server isn't answering right now. Try again in a moment."],
    ['functions/deadline-exceeded', 'timeout', 'This is taking longer than usual. Check your connection and try again.'],
    ['functions/internal', 'unknown', 'Something went wrong. Try again.'],
  ])('behavior: without details, %s maps to %s', (code, expected, message) => {
    const error = toCollectDropError(functionsError(code))
    expect(error.code).toBe(expected)
    expect(error.message).toBe(message)
  })

  test('behavior: failed-precondition carries its game code (expired, inaccurate)', () => {
    expect(toCollectDropError(functionsError('functions/failed-precondition', { code: 'drop_expired' })).message).toBe(
      'This drop has expired.',
    )
    expect(toCollectDropError(functionsError('functions/failed-precondition', { code: 'location_too_inaccurate' })).message).toBe(
      'Your location is too inaccurate to collect drops.',
    )
  })

  test.each([
    ['rate_limited', 'functions/resource-exhausted', 90_000, "You're collecting very fast. Try again in 2 min."],
    ['rate_limited', 'functions/resource-exhausted', 2_500, "You're collecting very fast. Try again in 3 s."],
    ['impossible_travel', 'functions/failed-precondition', 150_000, 'You moved too fast to collect here. Try again in 3 min.'],
    [
      'impossible_travel',
      'functions/failed-precondition',
      undefined,
      'You moved too fast to collect here. Try again once your location settles.',
    ],
    ['invalid_request', 'functions/invalid-argument', undefined, 'Something went wrong with this drop. Try again.'],
  ])('behavior: %s (%s, retry after %s ms) in plain words', (reason, code, retryAfterMs, message) => {
    const error = toCollectDropError(functionsError(code, { code: reason, retryAfterMs }))
    expect(error.code).toBe(reason)
    expect(error.retryAfterMs).toBe(retryAfterMs)
    expect(error.message).toBe(message)
  })

  test('error: a wait that is not a positive number is ignored, the reason kept', () => {
    for (const retryAfterMs of [-1, 0, '90000', null]) {
      const error = toCollectDropError(functionsError('functions/resource-exhausted', { code: 'rate_limited', retryAfterMs }))
      expect([error.code, error.retryAfterMs, error.message]).toEqual([
        'rate_limited',
        undefined,
        "You're collecting very fast. Try again in a moment.",
      ])
    }
    // Details that are not an object at all: the callable code still speaks.
    expect(toCollectDropError(functionsError('functions/resource-exhausted', 'slow down')).code).toBe('rate_limited')
  })

  test('behavior: no HTTP answer at all (the client\'s "internal [0]") is the network, not "something went wrong"', () => {
    const noAnswer = Object.assign(new Error('internal [0]'), { code: 'functions/internal' })
    expect(toCollectDropError(noAnswer).code).toBe('network')
    expect(toCollectDropError(noAnswer).message).toBe("Couldn't reach the server. Try again.")
    // A 500 from the server itself stays unknown.
    expect(toCollectDropError(Object.assign(new Error('internal [500]'), { code: 'functions/internal' })).code).toBe('unknown')
  })

  test('behavior: a CollectDropError passes through; fetch TypeErrors are network; anything else unknown', () => {
    const own = new CollectDropError('drop_expired')
    expect(toCollectDropError(own)).toBe(own)
    expect(toCollectDropError(new TypeError('Failed to fetch')).code).toBe('network')
    expect(toCollectDropError('boom').code).toBe('unknown')
    expect(toCollectDropError(null).code).toBe('unknown')
    expect(toCollectDropError(functionsError('functions/out-of-range', { code: 'not-a-code' })).code).toBe('out_of_reach')
  })
})
