import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSiweTimeWindow } from './checkSiweTimeWindow.js'

const now = Date.UTC(2025, 5, 1, 12)
const second = 1000
const minute = 60 * second
const day = 24 * 60 * minute
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
    ['issued 5 minutes ahead exactly (clock skew)', 5 * minute, 7 * day],
    ['expiring 7 days + 5 minutes out exactly', 0, 7 * day + 5 * minute],
    ['expiring 1 ms from now', -minute, 1],
    ['a phone 4 minutes ahead asking for 7 days', 4 * minute, 4 * minute + 7 * day],
  ])('parameters: %s is accepted', (_name, issued, expires) => {
    expect(checkSiweTimeWindow(message(issued, expires), now)).toBeNull()
  })

  test.each([
    ['issued in 2020, no expiry', { issued_at: '2020-01-01T00:00:00.000Z' }, 'issued_too_long_ago'],
    ['issued 11 minutes ago', message(-11 * minute, 7 * day), 'issued_too_long_ago'],
    ['issued 10 minutes and 1 ms ago', message(-10 * minute - 1, 7 * day), 'issued_too_long_ago'],
    ['issued 5 minutes and 1 ms ahead', message(5 * minute + 1, 7 * day), 'issued_in_future'],
    ['no expiration time', message(0, undefined), 'missing_expiration'],
    ['expiring now', message(-minute, 0), 'expired'],
    ['expired a second ago', message(-minute, -second), 'expired'],
    ['expiring 8 days out', message(0, 8 * day), 'expiration_too_far'],
    ['expiring 7 days + 5 minutes + 1 ms out', message(0, 7 * day + 5 * minute + 1), 'expiration_too_far'],
    ['expiring in 9999', { issued_at: at(0), expiration_time: '9999-12-31T23:59:59.999Z' }, 'expiration_too_far'],
    ['an unparsable issue time fails closed', { issued_at: 'yesterday', expiration_time: at(day) }, 'issued_in_future'],
    ['an unparsable expiry fails closed', { issued_at: at(0), expiration_time: 'soon' }, 'expired'],
  ])('error: %s → %s', (_name, times, code) => {
    expect(checkSiweTimeWindow(times, now)).toBe(code)
  })

  test('behavior: around the bounds, a message is accepted exactly when both times are inside their windows', () => {
    // Offsets concentrated near each bound, plus anything in a wide range.
    const near = (bound: number) => fc.integer({ min: bound - 2 * second, max: bound + 2 * second })
    const issued = fc.oneof(near(-10 * minute), near(5 * minute), fc.integer({ min: -30 * day, max: 30 * day }))
    const expires = fc.option(fc.oneof(near(0), near(7 * day + 5 * minute), fc.integer({ min: -30 * day, max: 30 * day })), {
      nil: undefined,
    })
    fc.assert(
      fc.property(issued, expires, (issuedOffset, expirationOffset) => {
        const code = checkSiweTimeWindow(message(issuedOffset, expirationOffset), now)
        const inside =
          issuedOffset >= -10 * minute &&
          issuedOffset <= 5 * minute &&
          expirationOffset !== undefined &&
          expirationOffset > 0 &&
          expirationOffset <= 7 * day + 5 * minute
        expect(code === null).toBe(inside)
      }),
      { numRuns: 2000 },
    )
  })

  test("behavior: a message accepted once is accepted for at most 15 minutes of anyone's clock", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -day, max: day }),
        fc.integer({ min: 0, max: 8 * day }),
        fc.integer({ min: 0, max: 8 * day }),
        (issuedOffset, lifetime, later) => {
          const times = message(issuedOffset, issuedOffset + lifetime)
          fc.pre(checkSiweTimeWindow(times, now) === null)
          if (checkSiweTimeWindow(times, now + later) === null) expect(later).toBeLessThanOrEqual(15 * minute)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
