import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SpawnRefusedError } from './SpawnRefusedError.js'
import { toSpawnRefusedError } from './toSpawnRefusedError.js'

/** What the Firebase client throws for an HttpsError (FunctionsError), without importing Firebase. */
const functionsError = (code: string, details?: unknown) => Object.assign(new Error('server text'), { code, details })

describe('toSpawnRefusedError', () => {
  test('default: rate_limited with its wait, in plain words', () => {
    const cause = functionsError('functions/resource-exhausted', { code: 'rate_limited', retryAfterMs: 17 * 60_000 })
    const refusal = toSpawnRefusedError(cause)
    expect(refusal).toBeInstanceOf(SpawnRefusedError)
    expect(refusal?.name).toBe('SpawnRefusedError')
    expect(refusal?.code).toBe('rate_limited')
    expect(refusal?.retryAfterMs).toBe(17 * 60_000)
    expect(refusal?.message).toBe("You're exploring fast — new drops appear here in 17 min.")
    expect(refusal?.cause).toBe(cause)
  })

  test.each([
    [
      functionsError('functions/resource-exhausted', { code: 'rate_limited' }),
      "You're exploring fast — new drops appear here soon.",
    ],
    // An older server with no reason: the callable code alone says quota.
    [functionsError('functions/resource-exhausted'), "You're exploring fast — new drops appear here soon."],
    [
      functionsError('functions/resource-exhausted', { code: 'area_asleep', retryAfterMs: 12 * 60_000 }),
      'This area is asleep — new drops appear when a verified player comes by, or in 12 min.',
    ],
    [
      functionsError('functions/resource-exhausted', { code: 'area_asleep' }),
      'This area is asleep — new drops appear when a verified player comes by.',
    ],
    [
      functionsError('functions/failed-precondition', { code: 'impossible_travel', retryAfterMs: 300_000 }),
      'Your location jumped — new drops appear once it settles.',
    ],
  ])('parameters: %o', (error, message) => {
    expect(toSpawnRefusedError(error)?.message).toBe(message)
  })

  test('behavior: a SpawnRefusedError passes through', () => {
    const own = new SpawnRefusedError('impossible_travel')
    expect(toSpawnRefusedError(own)).toBe(own)
  })

  test.each([
    functionsError('functions/unauthenticated', { code: 'unauthenticated' }),
    functionsError('functions/invalid-argument', { code: 'invalid_location' }),
    functionsError('functions/failed-precondition', { code: 'drop_expired' }),
    functionsError('functions/internal'),
    new TypeError('Failed to fetch'),
    'offline',
    null,
  ])('error: %o is not a refusal (the map reports it as before)', (error) => {
    expect(toSpawnRefusedError(error)).toBeNull()
  })

  test('behavior: anything thrown reads as a refusal or null, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (code, details) => {
        const refusal = toSpawnRefusedError({ code, details })
        expect(refusal === null || refusal instanceof SpawnRefusedError).toBe(true)
      }),
    )
  })
})
