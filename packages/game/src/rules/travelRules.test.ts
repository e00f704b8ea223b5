import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { distanceInMeters } from '../geo/distanceInMeters.js'
import { LONG_HAUL_AFTER_MS, MAX_TRAVEL_SPEED_MPS, TRAVEL_SLACK_METERS, travelWaitMs } from './travelRules.js'

const singapore = { lat: 1.3521, lng: 103.8198 }
const paris = { lat: 48.8566, lng: 2.3522 }

describe('travelWaitMs', () => {
  test('default: a walk is plausible at once', () => {
    expect(travelWaitMs({ ...singapore, at: 0 }, { lat: 1.3526, lng: 103.8198, at: 30_000 })).toBe(0)
  })

  test('behavior: no earlier report, no wait', () => {
    expect(travelWaitMs(null, { ...paris, at: 0 })).toBe(0)
  })

  test('behavior: jumping continents in 3.5 s waits for the long-haul cap', () => {
    expect(travelWaitMs({ ...singapore, at: 0 }, { ...paris, at: 3_500 })).toBe(LONG_HAUL_AFTER_MS - 3_500)
    expect(travelWaitMs({ ...singapore, at: 0 }, { ...paris, at: LONG_HAUL_AFTER_MS })).toBe(0)
  })

  test('behavior: 1 km in 10 s (100 m/s) waits until 30 m/s would cover it', () => {
    const to = { lat: singapore.lat + 1_000 / 111_195, lng: singapore.lng, at: 10_000 }
    const expected = ((distanceInMeters(singapore, to) - TRAVEL_SLACK_METERS) / MAX_TRAVEL_SPEED_MPS) * 1000 - 10_000
    expect(travelWaitMs({ ...singapore, at: 0 }, to)).toBe(Math.ceil(expected))
  })

  test('behavior: a clock that went backwards counts as no time passed', () => {
    const to = { lat: singapore.lat + 1_000 / 111_195, lng: singapore.lng, at: -5_000 }
    expect(travelWaitMs({ ...singapore, at: 0 }, to)).toBeGreaterThan(29_000)
  })

  const point = fc.record({
    lat: fc.double({ min: -89, max: 89, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  })

  test('behavior: waiting the answer makes the move plausible, and never more than the cap (property)', () => {
    fc.assert(
      fc.property(point, point, fc.integer({ min: 0, max: 10 ** 7 }), (a, b, elapsed) => {
        const wait = travelWaitMs({ ...a, at: 0 }, { ...b, at: elapsed })
        expect(wait).toBeGreaterThanOrEqual(0)
        expect(wait).toBeLessThanOrEqual(LONG_HAUL_AFTER_MS)
        expect(travelWaitMs({ ...a, at: 0 }, { ...b, at: elapsed + wait })).toBe(0)
      }),
    )
  })

  test('behavior: never faster than the limit beyond the slack (property)', () => {
    fc.assert(
      fc.property(point, point, fc.integer({ min: 1, max: LONG_HAUL_AFTER_MS - 1 }), (a, b, elapsed) => {
        if (travelWaitMs({ ...a, at: 0 }, { ...b, at: elapsed }) === 0) {
          const distance = distanceInMeters(a, b)
          expect(distance - TRAVEL_SLACK_METERS).toBeLessThanOrEqual(MAX_TRAVEL_SPEED_MPS * (elapsed / 1000) + 1e-6)
        }
      }),
    )
  })
})
