import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CELL_ID_PATTERN, cellOf, WATCH_CELL_ID_PATTERN, watchCellOf, watchCellsAround } from './cellOf.js'
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

describe('watchCellsAround', () => {
  test('default: the watch cell and its 8 neighbours, each a prefix of the spawn cells inside', () => {
    const cells = watchCellsAround(1.2834, 103.8607)
    expect(cells).toHaveLength(9)
    expect(cells[0]).toBe(watchCellOf(1.2834, 103.8607))
    expect(cellOf(1.2834, 103.8607).startsWith(cells[0] ?? '?')).toBe(true)
    for (const cell of cells) expect(cell).toMatch(WATCH_CELL_ID_PATTERN)
  })

  test('behavior: every point within 500 m lies in one of the 9 cells (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (lat, lng, dy, dx) => {
          // 500 m north/south and east/west, scaled for latitude.
          const near = { lat: lat + (dy * 500) / 111_195, lng: lng + (dx * 500) / (111_195 * Math.cos((lat * Math.PI) / 180)) }
          expect(watchCellsAround(lat, lng)).toContain(watchCellOf(near.lat, near.lng))
        },
      ),
    )
  })
})
