import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSignedNonceAge } from './checkSignedNonceAge.js'

const now = Date.UTC(2025, 5, 1, 12)
const minute = 60 * 1000

describe('checkSignedNonceAge', () => {
  test('default: a nonce signed just now is fresh', () => {
    expect(checkSignedNonceAge(now, now)).toBeNull()
  })

  test.each([
    ['10 minutes old exactly', now - 10 * minute],
    ['from an app server 5 minutes ahead', now + 5 * minute],
  ])('parameters: %s is fresh', (_name, issuedAtMs) => {
    expect(checkSignedNonceAge(issuedAtMs, now)).toBeNull()
  })

  test.each([
    ['10 minutes and 1 ms old', now - 10 * minute - 1],
    ['an hour old', now - 60 * minute],
    ['issued in 2020', Date.UTC(2020, 0, 1)],
    ['more than 5 minutes in the future', now + 5 * minute + 1],
  ])('error: %s → nonce_expired', (_name, issuedAtMs) => {
    expect(checkSignedNonceAge(issuedAtMs, now)).toBe('nonce_expired')
  })

  test('behavior: fresh exactly within [now − 10 min, now + 5 min]', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60 * minute, max: 60 * minute }), (offset) => {
        const fresh = offset >= -10 * minute && offset <= 5 * minute
        expect(checkSignedNonceAge(now + offset, now)).toBe(fresh ? null : 'nonce_expired')
      }),
      { numRuns: 1000 },
    )
  })
})
