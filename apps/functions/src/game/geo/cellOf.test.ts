import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CELL_ID_PATTERN, cellOf } from './cellOf.js'
import { distanceInMeters } from './distanceInMeters.js'
import { geohashBounds } from './geohashBounds.js'
import { neighbourCells } from './neighbourCells.js'

describe('cellOf', () => {
  test('default', () => {
    expect(cellOf(1.2834, 103.8607)).toBe('w21z73t')
  })

  test('behavior: a cell is ~150 m wide at the equator', () => {
    const { south, west, north, east } = geohashBounds(cellOf(0.001, 0.001))
    expect(distanceInMeters({ lat: south, lng: west }, { lat: south, lng: east })).toBeCloseTo(153, -1)
    expect(distanceInMeters({ lat: south, lng: west }, { lat: north, lng: west })).toBeCloseTo(153, -1)
  })

  test('behavior: always a valid cell id', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        expect(cellOf(lat, lng)).toMatch(CELL_ID_PATTERN)
      }),
    )
  })
})

describe('neighbourCells', () => {
  test('default', () => {
    const cells = neighbourCells('w21z74n')
    expect(cells).toHaveLength(8)
    expect(cells).not.toContain('w21z74n')
  })

  test('behavior: neighbours touch the cell and are mutual', () => {
    fc.assert(
      fc.property(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const cell = cellOf(lat, lng)
        const cells = neighbourCells(cell)
        expect(new Set(cells).size).toBe(8)
        for (const neighbour of cells) {
          expect(neighbour).toMatch(CELL_ID_PATTERN)
          expect(neighbourCells(neighbour)).toContain(cell)
        }
      }),
      { numRuns: 50 },
    )
  })

  test('behavior: wraps at the antimeridian', () => {
    const cell = cellOf(0.0001, 179.9999)
    expect(neighbourCells(cell)).toContain(cellOf(0.0001, -179.9999))
  })

  test('behavior: no cells beyond the pole', () => {
    expect(neighbourCells(cellOf(89.9999, 10))).toHaveLength(5)
  })
})
