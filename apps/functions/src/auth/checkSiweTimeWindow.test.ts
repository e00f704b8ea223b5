import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSiweTimeWindow } from './checkSiweTimeWindow.js'
import { signInLimits } from './signInLimits.js'

const now = Date.UTC(2025, 5, 1, 12)
const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString()
const message = (issuedOffset: number, expirationOffset: number | undefined) => ({
  issued_at: at(issuedOffset),
  ...(expirationOffset === undefined ? {} : { expiration_time: at(expirationOffset) }),
})

describe('checkSiweTimeWindow', () => {
  test('default: issued now, expiring in 7 days (what the app asks for)', () => {
    expect(checkSiweTimeWindow(message(0, 7 * day), now)).toBeNull()
  })

  test.each([
    ['issued 10 minutes ago exactly', -10 * minute, 7 * day],
    ['issued 11 minutes ago (a phone a minute behind)', -11 * minute, 7 * day],
    ['issued 5 minutes ahead', 5 * minute, 7 * day],
    ['a phone 2 h ahead', 2 * hour, 7 * day],
    ['a phone 2 h behind', -2 * hour, 7 * day - 2 * hour],
    ['issued 12 h ahead exactly', 12 * hour, 7 * day],
    ['issued 12 h 10 min ago exactly', -12 * hour - 10 * minute, 7 * day],
    ['expiring 7 days + 12 h out exactly', 0, 7 * day + 12 * hour],
    ['expiring 1 ms from now', -minute, 1],
    ['a phone 4 minutes ahead asking for 7 days', 4 * minute, 4 * minute + 7 * day],
  ])('parameters: %s is accepted', (_name, issued, expires) => {
    expect(checkSiweTimeWindow(message(issued, expires), now)).toBeNull()
  })

  test.each([
    ['issued in 2020, no expiry', { issued_at: '2020-01-01T00:00:00.000Z' }, 'device_clock_wrong'],
    ['issued a day ago (a phone a day behind)', message(-day, 7 * day), 'device_clock_wrong'],
    ['issued 12 h 10 min and 1 ms ago', message(-12 * hour - 10 * minute - 1, 7 * day), 'device_clock_wrong'],
    ['issued 12 h and 1 ms ahead', message(12 * hour + 1, 7 * day), 'device_clock_wrong'],
    ['issued a day ahead (a phone a day ahead)', message(day, 7 * day), 'device_clock_wrong'],
    ['issued in 9999', { issued_at: '9999-12-31T23:59:59.999Z', expiration_time: at(day) }, 'device_clock_wrong'],
    ['issued 2 h ahead, expired by server time', message(2 * hour, -1), 'expired'],
    ['no expiration time', message(0, undefined), 'missing_expiration'],
    ['expiring now', message(-minute, 0), 'expired'],
    ['expired a second ago', message(-minute, -second), 'expired'],
    ['expiring 8 days out', message(0, 8 * day), 'expiration_too_far'],
    ['expiring 7 days + 12 h + 1 ms out', message(0, 7 * day + 12 * hour + 1), 'expiration_too_far'],
    ['expiring in 9999', { issued_at: at(0), expiration_time: '9999-12-31T23:59:59.999Z' }, 'expiration_too_far'],
    ['an unparsable issue time fails closed', { issued_at: 'yesterday', expiration_time: at(day) }, 'device_clock_wrong'],
    ['an unparsable expiry fails closed', { issued_at: at(0), expiration_time: 'soon' }, 'expired'],
  ])('error: %s → %s', (_name, times, code) => {
    expect(checkSiweTimeWindow(times, now)).toBe(code)
  })

  test('behavior: around the bounds, a message is accepted exactly when both times are inside their windows', () => {
    // Offsets concentrated near each bound, plus anything in a wide range.
    const near = (bound: number) => fc.integer({ min: bound - 2 * second, max: bound + 2 * second })
    const issued = fc.oneof(near(-12 * hour - 10 * minute), near(12 * hour), fc.integer({ min: -30 * day, max: 30 * day }))
    const expires = fc.option(fc.oneof(near(0), near(7 * day + 12 * hour), fc.integer({ min: -30 * day, max: 30 * day })), {
      nil: undefined,
    })
    fc.assert(
      fc.property(issued, expires, (issuedOffset, expirationOffset) => {
        const code = checkSiweTimeWindow(message(issuedOffset, expirationOffset), now)
        const inside =
          issuedOffset >= -12 * hour - 10 * minute &&
          issuedOffset <= 12 * hour &&
          expirationOffset !== undefined &&
          expirationOffset > 0 &&
          expirationOffset <= 7 * day + 12 * hour
        expect(code === null).toBe(inside)
      }),
      { numRuns: 2000 },
    )
  })

  test("behavior: a message accepted once is accepted for at most 24 h 10 min of anyone's clock (the spent-nonce retention's bound)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -day, max: day }),
        fc.integer({ min: 0, max: 8 * day }),
        fc.integer({ min: 0, max: 8 * day }),
        (issuedOffset, lifetime, later) => {
          const times = message(issuedOffset, issuedOffset + lifetime)
          fc.pre(checkSiweTimeWindow(times, now) === null)
          if (checkSiweTimeWindow(times, now + later) === null) {
            expect(later).toBeLessThanOrEqual(2 * 12 * hour + 10 * minute)
            expect(later).toBeLessThan(signInLimits.spentNonceRetentionMs)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})
