import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dropsForCell } from './dropsForCell.js'
import { ensureDropsNear } from './ensureDropsNear.js'
import { InvalidLocationError } from './errors/InvalidLocationError.js'
import { cellOf } from './geo/cellOf.js'
import { distanceInMeters } from './geo/distanceInMeters.js'
import { neighbourCells } from './geo/neighbourCells.js'

const seed = 'test-seed'
const now = Date.UTC(2025, 0, 1, 12, 10)
const here = { lat: 1.2834, lng: 103.8607 }

describe('ensureDropsNear', () => {
  test('default', () => {
    const drops = ensureDropsNear(here, now, { seed })
    const cells = [cellOf(here.lat, here.lng), ...neighbourCells(cellOf(here.lat, here.lng))]
    expect(drops).toEqual(cells.flatMap((cell) => dropsForCell(cell, now, { seed })))
    expect(drops.length).toBeGreaterThanOrEqual(18)
    for (const drop of drops) expect(distanceInMeters(here, drop)).toBeLessThan(500)
  })

  test('behavior: asking again (same window) yields exactly the same drops', () => {
    expect(ensureDropsNear(here, now + 60_000, { seed })).toEqual(ensureDropsNear(here, now, { seed }))
  })

  test.each([
    { name: 'lat out of range', location: { lat: 91, lng: 0 } },
    { name: 'NaN', location: { lat: Number.NaN, lng: 0 } },
    { name: 'not an object', location: 'here' },
  ])('error: $name', ({ location }) => {
    expect(() => ensureDropsNear(location, now, { seed })).toThrow(InvalidLocationError)
  })

  test('behavior: random input only ever throws InvalidLocationError', () => {
    fc.assert(
      fc.property(fc.anything(), (location) => {
        try {
          ensureDropsNear(location, now, { seed })
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidLocationError)
        }
      }),
    )
  })
})
