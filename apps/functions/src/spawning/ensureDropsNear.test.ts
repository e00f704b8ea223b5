import { distanceInMeters, geohashBounds, WATCH_CELL_ID_PATTERN, watchCellsAround } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { spawnAreaOf } from './ensureDropsNear.js'

const here = { lat: 1.2834, lng: 103.8607 }

describe('spawnAreaOf', () => {
  test('default', () => {
    const area = spawnAreaOf(here)
    expect(area).toEqual({ lat: here.lat, lng: here.lng, watchCells: watchCellsAround(here.lat, here.lng) })
    expect(area.watchCells[0]).toBe('w21z73')
    expect(new Set(area.watchCells).size).toBe(9)
    // The 3 × 3 watch cells around the player reach at least one watch cell (≥ 600 m) past the player's own.
    for (const watchCell of area.watchCells) {
      const { south, west, north, east } = geohashBounds(watchCell)
      expect(distanceInMeters(here, { lat: (south + north) / 2, lng: (west + east) / 2 })).toBeLessThan(2_000)
    }
  })

  test('behavior: extra fields are ignored, the location is kept as given', () => {
    expect(spawnAreaOf({ ...here, accuracy: 5, uid: 'someone' })).toEqual(spawnAreaOf(here))
  })

  test('parameters: next to the antimeridian the neighbours wrap around', () => {
    const area = spawnAreaOf({ lat: 0.01, lng: 179.9999 })
    expect(area.watchCells).toHaveLength(9)
    expect(area.watchCells.some((cell) => cell.startsWith('8'))).toBe(true)
  })

  test('parameters: at a pole there are fewer neighbours', () => {
    const area = spawnAreaOf({ lat: 90, lng: 0 })
    expect(area.watchCells.length).toBeLessThan(9)
  })

  test.each([
    { name: 'no data', location: null, details: 'input' },
    { name: 'not an object', location: 'here', details: 'input' },
    { name: 'lat out of range', location: { lat: 91, lng: 0 }, details: 'lat' },
    { name: 'lng out of range', location: { lat: 0, lng: -181 }, details: 'lng' },
    { name: 'NaN', location: { lat: Number.NaN, lng: 0 }, details: 'lat' },
    { name: 'Infinity', location: { lat: 0, lng: Number.POSITIVE_INFINITY }, details: 'lng' },
    { name: 'strings', location: { lat: '1', lng: '2' }, details: 'lat, lng' },
    { name: 'missing lng', location: { lat: 1 }, details: 'lng' },
  ])('error: $name', ({ location, details }) => {
    expect(() => spawnAreaOf(location)).toThrow(InvalidLocationError)
    expect(() => spawnAreaOf(location)).toThrow(`Location is invalid.\n\nDetails: ${details}`)
  })

  test('behavior: random input only ever throws InvalidLocationError (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ lat: fc.anything(), lng: fc.anything() })), (location) => {
        try {
          expect(spawnAreaOf(location).watchCells.length).toBeGreaterThan(0)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidLocationError)
        }
      }),
    )
  })

  test('behavior: the spawned cells are the watch cells the caller reads (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const { watchCells } = spawnAreaOf({ lat, lng })
        expect(watchCells).toEqual(watchCellsAround(lat, lng))
        expect(new Set(watchCells).size).toBe(watchCells.length)
        for (const cell of watchCells) expect(cell).toMatch(WATCH_CELL_ID_PATTERN)
      }),
    )
  })
})
