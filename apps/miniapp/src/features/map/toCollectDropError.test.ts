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
    ['functions/unavailable', 'network', 'No connection to the server. Try again.'],
    ['functions/deadline-exceeded', 'network', 'No connection to the server. Try again.'],
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

  test('behavior: a CollectDropError passes through; fetch TypeErrors are network; anything else unknown', () => {
    const own = new CollectDropError('drop_expired')
    expect(toCollectDropError(own)).toBe(own)
    expect(toCollectDropError(new TypeError('Failed to fetch')).code).toBe('network')
    expect(toCollectDropError('boom').code).toBe('unknown')
    expect(toCollectDropError(null).code).toBe('unknown')
    expect(toCollectDropError(functionsError('functions/out-of-range', { code: 'not-a-code' })).code).toBe('out_of_reach')
  })
})
