// The spawn rule's promises (issue 24, point 2), measured on the rule itself:
// at most 2 drops in any reach, the third find a walk away, rare and up
// farther still. The numbers the median tests print are the ones
// docs/data-model.md states ("The spawn rule").
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { RARITIES } from '../drops/rarities.js'
import { SPAWN_WINDOW_MS } from '../drops/spawnWindow.js'
import { distanceInMeters } from '../geo/distanceInMeters.js'
import { COLLECT_REACH_METERS, MAX_ACCURACY_BONUS_METERS } from '../rules/collectRules.js'
import { dropsNear } from './dropsNear.js'
import { SPAWN_RULE } from './spawnRule.js'

/** The largest reach a player can have: 50 m + 25 m of reported accuracy. */
const REACH = COLLECT_REACH_METERS + MAX_ACCURACY_BONUS_METERS
const DAY = 24 * 60 * 60 * 1000
const start = Date.UTC(2026, 0, 1)
const pointArb = fc.record({
  lat: fc.double({ min: -60, max: 60, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
})
const timeArb = fc.integer({ min: 0, max: 3_650 * 48 }).map((window) => start + window * SPAWN_WINDOW_MS)

/** The value below which `share` of `values` lie. */
function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(share * (sorted.length - 1))] ?? Number.NaN
}

/** A small deterministic generator, so the measured numbers are the same on every run. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 16_807) % 2_147_483_647
    return state / 2_147_483_647
  }
}

/** Where people live: the latitudes of big cities from −37° (Melbourne) to 60° (Helsinki). */
const CITY_LATITUDES = [-37.8, -33.9, -23.5, -6.2, 1.3, 13.8, 19.4, 28.6, 35.7, 40.7, 48.9, 51.5, 55.8, 60.2]

describe('the spawn rule', () => {
  test('behavior: any disk of the largest reach (75 m) holds at most 2 drops, from −60° to 60° (property)', () => {
    fc.assert(
      fc.property(pointArb, timeArb, fc.string({ maxLength: 8 }), (point, time, seed) => {
        expect(dropsNear(point, REACH, time, { seed }).length).toBeLessThanOrEqual(2)
      }),
      { numRuns: 300 },
    )
  })

  test('behavior: no two spots are closer than the spacing, whichever cells they are in (property)', () => {
    fc.assert(
      fc.property(pointArb, timeArb, fc.string({ maxLength: 8 }), (point, time, seed) => {
        const drops = dropsNear(point, 300, time, { seed })
        for (const [index, a] of drops.entries()) {
          for (const b of drops.slice(index + 1))
            expect(distanceInMeters(a, b)).toBeGreaterThanOrEqual(SPAWN_RULE.spotSpacingMeters)
        }
      }),
      { numRuns: 150 },
    )
  })

  test('behavior: standing still through every window of a day, at most 2 spots are ever in reach (property)', () => {
    fc.assert(
      fc.property(pointArb, fc.integer({ min: 0, max: 3_650 }), fc.string({ maxLength: 8 }), (point, day, seed) => {
        const spots = new Set<string>()
        for (let window = 0; window < 48; window += 7) {
          for (const drop of dropsNear(point, REACH, start + day * DAY + window * SPAWN_WINDOW_MS, { seed })) {
            spots.add(drop.id.replace(/_\d+_/, '_'))
          }
        }
        expect(spots.size).toBeLessThanOrEqual(2)
      }),
      { numRuns: 60 },
    )
  })

  test('behavior: spots per km² are about the same at every latitude players live at', () => {
    const next = random(11)
    const densityAt = (lat: number) => {
      let count = 0
      for (let sample = 0; sample < 30; sample++) {
        const center = { lat: lat + next() * 0.5, lng: -180 + next() * 360 }
        count += dropsNear(center, 500, start + Math.floor(next() * 365) * DAY, { seed: 'density' }).length
      }
      return count / (30 * Math.PI * 0.25)
    }
    const densities = [0, 30, 45, 60].map(densityAt)
    for (const density of densities) {
      expect(density).toBeGreaterThan(10)
      expect(density).toBeLessThan(18)
    }
    expect(Math.max(...densities) / Math.min(...densities)).toBeLessThan(1.25)
  })

  test('behavior: the third nearest drop is a walk away, rare and up farther still (measured over city cells)', () => {
    const next = random(2_024)
    const inReach: number[] = []
    const first: number[] = []
    const third: number[] = []
    const rarePlus: number[] = []
    for (let sample = 0; sample < 400; sample++) {
      const lat = (CITY_LATITUDES[sample % CITY_LATITUDES.length] ?? 0) + (next() - 0.5) * 0.2
      const point = { lat, lng: -180 + next() * 360 }
      const time = start + Math.floor(next() * 365 * 48) * SPAWN_WINDOW_MS
      const drops = dropsNear(point, 900, time, { seed: `city-${sample % 7}` })
      inReach.push(drops.filter((drop) => drop.distance <= REACH).length)
      first.push(drops[0]?.distance ?? Number.POSITIVE_INFINITY)
      third.push(drops[2]?.distance ?? Number.POSITIVE_INFINITY)
      const rare = drops.find((drop) => RARITIES.indexOf(drop.rarity) >= RARITIES.indexOf('rare'))
      rarePlus.push(rare?.distance ?? 900)
    }
    const numbers = {
      inReachMax: Math.max(...inReach),
      inReachMean: inReach.reduce((sum, count) => sum + count, 0) / inReach.length,
      standingWithNone: inReach.filter((count) => count === 0).length / inReach.length,
      firstMedian: quantile(first, 0.5),
      thirdMedian: quantile(third, 0.5),
      thirdP10: quantile(third, 0.1),
      rarePlusMedian: quantile(rarePlus, 0.5),
    }
    console.info(
      'spawn rule, 400 standing points in city cells:',
      JSON.stringify(numbers, (_, value) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value)),
    )
    expect(numbers.inReachMax).toBeLessThanOrEqual(2)
    expect(numbers.thirdMedian).toBeGreaterThanOrEqual(150)
    expect(numbers.thirdP10).toBeGreaterThanOrEqual(120)
    // Not so scarce that the goal is out of a short walk.
    expect(numbers.thirdMedian).toBeLessThan(300)
    expect(numbers.rarePlusMedian).toBeGreaterThan(3 * numbers.firstMedian)
  }, 20_000)
})
