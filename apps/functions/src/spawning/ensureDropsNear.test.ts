import { EARTH_RADIUS_METERS, watchCellOf, watchCellsAround } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { SPAWN_RADIUS_METERS, spawnAreaOf } from './ensureDropsNear.js'

const METERS_PER_DEGREE = (EARTH_RADIUS_METERS * Math.PI) / 180

const here = { lat: 1.2834, lng: 103.8607 }

describe('spawnAreaOf', () => {
  test('default', () => {
    const area = spawnAreaOf(here)
    expect(area).toEqual({
      lat: here.lat,
      lng: here.lng,
      watchCells: watchCellsAround(here.lat, here.lng),
      spawnWatchCells: area.spawnWatchCells,
    })
    expect(area.watchCells[0]).toBe('w21z73')
    expect(new Set(area.watchCells).size).toBe(9)
    // The caller's own watch cell first, then the neighbours that come within 500 m.
    expect(area.spawnWatchCells[0]).toBe('w21z73')
    expect(area.spawnWatchCells.length).toBeGreaterThan(1)
    expect(area.spawnWatchCells.length).toBeLessThan(9)
    expect(SPAWN_RADIUS_METERS).toBe(500)
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
    expect(() => spawnAreaOf(location)).toThrow(`invalid_location\n\nDetails: ${details}`)
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

  test('behavior: every point within 500 m of the caller is in a spawned watch cell, and every spawned one is read (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: SPAWN_RADIUS_METERS - 1, noNaN: true }),
        (lat, lng, bearing, meters) => {
          const { watchCells, spawnWatchCells } = spawnAreaOf({ lat, lng })
          expect(watchCells).toEqual(watchCellsAround(lat, lng))
          for (const cell of spawnWatchCells) expect(watchCells).toContain(cell)
          expect(new Set(spawnWatchCells).size).toBe(spawnWatchCells.length)
          // A point `meters` away (flat-earth offset: < 1 m off at these distances).
          const point = {
            lat: lat + (meters * Math.cos(bearing)) / METERS_PER_DEGREE,
            lng: lng + (meters * Math.sin(bearing)) / (METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
          }
          const wrapped = ((((point.lng + 180) % 360) + 360) % 360) - 180
          expect(spawnWatchCells).toContain(watchCellOf(point.lat, wrapped))
        },
      ),
    )
  })
})
