import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { distanceInMeters } from '../geo/distanceInMeters.js'
import {
  checkTravel,
  LONG_HAUL_AFTER_MS,
  MAX_TRAVEL_SPEED_MPS,
  type PositionReport,
  TRAVEL_SLACK_METERS,
  travelWaitMs,
} from './travelRules.js'

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

/** Metres north and east of `origin`, as a position (a local plane: fine for the few km these tests cover). */
const offset = (origin: { lat: number; lng: number }, north: number, east: number) => ({
  lat: origin.lat + north / 111_195,
  lng: origin.lng + east / (111_195 * Math.cos((origin.lat * Math.PI) / 180)),
})

/** What the gate does with a run of reports: accepted ones become the new last report, refused ones change nothing. */
function replay(reports: { lat: number; lng: number; at: number }[]) {
  let last: PositionReport | null = null
  const accepted: PositionReport[] = []
  const refused: number[] = []
  for (const [index, report] of reports.entries()) {
    const { waitMs, slack } = checkTravel(last, report)
    if (waitMs > 0) {
      refused.push(index)
      continue
    }
    last = { ...report, slack }
    accepted.push(last)
  }
  return { accepted, refused }
}

describe('checkTravel: the slack is a budget, not a per-report allowance', () => {
  const start = { ...singapore, at: 0 }

  test.each([
    ['first report: anywhere, full budget', null, { ...paris, at: 0 }, 0, TRAVEL_SLACK_METERS],
    ['99 m at once from a full budget: accepted, 1 m left', start, { ...offset(singapore, 99, 0), at: 0 }, 0, 1],
    ['99 m at once from an empty budget: wait 3.3 s', { ...start, slack: 0 }, { ...offset(singapore, 99, 0), at: 0 }, 3_300, 0],
    [
      '99 m 0.3 s later from an empty budget: wait 3 s',
      { ...start, slack: 0 },
      { ...offset(singapore, 99, 0), at: 300 },
      3_000,
      0,
    ],
    ['standing still 3.4 s refills the whole budget', { ...start, slack: 0 }, { ...singapore, at: 3_400 }, 0, 100],
    ['a long pause (2 h) accepts any move and refills', { ...start, slack: 0 }, { ...paris, at: LONG_HAUL_AFTER_MS }, 0, 100],
    ['a stored budget above 100 counts as 100', { ...start, slack: 10_000 }, { ...offset(singapore, 150, 0), at: 0 }, 1_667, 0],
    ['a negative stored budget counts as 0', { ...start, slack: -50 }, { ...offset(singapore, 30, 0), at: 1_000 }, 0, 0],
    ['state stored before the budget (no slack) counts as full', start, { ...offset(singapore, 60, 0), at: 0 }, 0, 40],
  ] as const)('behavior: %s', (_, from, to, waitMs, slack) => {
    const check = checkTravel(from, to)
    expect(check.waitMs).toBeCloseTo(waitMs, -1)
    expect(check.slack).toBeCloseTo(slack, 3)
  })

  test('error: the chained-99 m-hops attack (issue 22) is stopped at the second hop', () => {
    const hops = Array.from({ length: 20 }, (_, hop) => ({ ...offset(singapore, 99 * hop, 0), at: hop * 15 }))
    const { accepted } = replay(hops)
    expect(accepted).toHaveLength(2)
    const covered = distanceInMeters(hops[0] as PositionReport, accepted.at(-1) as PositionReport)
    expect(covered).toBeLessThanOrEqual(TRAVEL_SLACK_METERS + MAX_TRAVEL_SPEED_MPS * 0.3)
  })

  test('behavior: a standing player whose fixes jitter within 25 m, once every 2 s for an hour, is never refused', () => {
    const random = fc.sample(
      fc.tuple(fc.double({ min: 0, max: 25, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true })),
      {
        numRuns: 1_800,
        seed: 22,
      },
    )
    const reports = random.map(([radius, angle], index) => ({
      ...offset(singapore, radius * Math.cos(angle), radius * Math.sin(angle)),
      at: index * 2_000 + 4_000,
    }))
    // Two fixes 25 m off on either side are 50 m apart: less than the 60 m that 2 s refill, so the budget never drains.
    expect(replay([{ ...singapore, at: 0 }, ...reports]).refused).toEqual([])
  })

  const noisyWalk = (noise: number, minGapMs: number) =>
    fc.array(
      fc.record({
        gap: fc.integer({ min: minGapMs, max: 60_000 }),
        heading: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        noiseRadius: fc.double({ min: 0, max: noise, noNaN: true }),
        noiseAngle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      }),
      { minLength: 1, maxLength: 200 },
    )

  test.each([
    ['fixes within 10 m, reports ≥ 1 s apart', 10, 1_000],
    ['fixes within 50 m (the worst accepted accuracy), reports ≥ 3.5 s apart', 50, 3_500],
  ])('behavior: a walking player (1.4 m/s) with GPS noise is never refused: %s (property)', (_, noise, minGapMs) => {
    fc.assert(
      fc.property(noisyWalk(noise, minGapMs), (steps) => {
        let at = 0
        let truth = { ...singapore }
        const reports = steps.map((step) => {
          at += step.gap
          const walked = (1.4 * step.gap) / 1000
          truth = offset(truth, walked * Math.cos(step.heading), walked * Math.sin(step.heading))
          const fix = offset(truth, step.noiseRadius * Math.cos(step.noiseAngle), step.noiseRadius * Math.sin(step.noiseAngle))
          return { ...fix, at }
        })
        expect(replay([{ ...singapore, at: 0 }, ...reports]).refused).toEqual([])
      }),
    )
  })

  test('behavior: no run of reports covers more than 30 m/s × elapsed + one slack between any two accepted reports (property)', () => {
    const hop = fc.record({
      distance: fc.oneof(fc.double({ min: 0, max: 120, noNaN: true }), fc.double({ min: 0, max: 5_000, noNaN: true })),
      bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      gap: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 20_000 })),
    })
    fc.assert(
      fc.property(fc.double({ min: -60, max: 60, noNaN: true }), fc.array(hop, { minLength: 2, maxLength: 150 }), (lat, hops) => {
        let at = 0
        let here = { lat, lng: 10 }
        const reports = [{ ...here, at }]
        for (const { distance, bearing, gap } of hops) {
          at += gap
          here = offset(here, distance * Math.cos(bearing), distance * Math.sin(bearing))
          reports.push({ ...here, at })
        }
        const { accepted } = replay(reports)
        // The path between accepted reports i < j (so also the straight line) stays within the one slack.
        for (let i = 0; i < accepted.length; i++) {
          let path = 0
          for (let j = i + 1; j < accepted.length; j++) {
            const a = accepted[i] as PositionReport
            const b = accepted[j] as PositionReport
            path += distanceInMeters(accepted[j - 1] as PositionReport, b)
            const allowed = (MAX_TRAVEL_SPEED_MPS * (b.at - a.at)) / 1000 + TRAVEL_SLACK_METERS + 1e-6
            expect(path).toBeLessThanOrEqual(allowed)
            expect(distanceInMeters(a, b)).toBeLessThanOrEqual(allowed)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
