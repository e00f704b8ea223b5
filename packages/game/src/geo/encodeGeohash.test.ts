import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { encodeGeohash } from './encodeGeohash.js'
import { geohashBounds } from './geohashBounds.js'

describe('encodeGeohash', () => {
  test('default', () => {
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj')
  })

  test.each([
    { lat: 42.6, lng: -5.6, precision: 5, expected: 'ezs42' },
    { lat: -25.382708, lng: -49.265506, precision: 8, expected: '6gkzwgjz' },
    { lat: 0, lng: 0, precision: 1, expected: 's' },
    { lat: -90, lng: -180, precision: 4, expected: '0000' },
    { lat: 90, lng: 180, precision: 4, expected: 'zzzz' },
  ])('parameters: ($lat, $lng) at precision $precision → $expected', ({ lat, lng, precision, expected }) => {
    expect(encodeGeohash(lat, lng, precision)).toBe(expected)
  })

  test('behavior: geohashBounds contains the encoded point and nests by prefix', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        (lat, lng, precision) => {
          const hash = encodeGeohash(lat, lng, precision)
          expect(hash).toHaveLength(precision)
          expect(encodeGeohash(lat, lng, precision + 1).startsWith(hash)).toBe(true)
          const { south, west, north, east } = geohashBounds(hash)
          expect(lat).toBeGreaterThanOrEqual(south)
          expect(lat).toBeLessThanOrEqual(north)
          expect(lng).toBeGreaterThanOrEqual(west)
          expect(lng).toBeLessThanOrEqual(east)
        },
      ),
    )
  })
})

describe('geohashBounds', () => {
  test('default', () => {
    expect(geohashBounds('s')).toEqual({ south: 0, west: 0, north: 45, east: 45 })
  })
})
