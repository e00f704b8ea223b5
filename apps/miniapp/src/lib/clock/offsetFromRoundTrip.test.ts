import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { offsetFromRoundTrip } from './offsetFromRoundTrip.js'

describe('offsetFromRoundTrip', () => {
  test('default: the server read its clock in the middle of the round trip', () => {
    // Sent at 1000, back at 1200 (device); the server said 7_200_100: it is 2 h ahead.
    expect(offsetFromRoundTrip(7_200_100, 1000, 1200)).toBe(7_199_000)
  })

  test('behavior: a device clock set back during the request does not make the round trip negative', () => {
    expect(offsetFromRoundTrip(5000, 1000, 400)).toBe(4000)
  })

  test('property: the error is at most half the round trip, for any skew and any split of the latency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1.6e12, max: 2.2e12 }),
        fc.integer({ min: -864e6, max: 864e6 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (sentAtServer, skew, up, down) => {
          const sentAt = sentAtServer - skew
          const serverTime = sentAtServer + up
          const receivedAt = sentAt + up + down
          const offset = offsetFromRoundTrip(serverTime, sentAt, receivedAt)
          expect(Math.abs(offset - skew)).toBeLessThanOrEqual((up + down) / 2)
        },
      ),
    )
  })
})
