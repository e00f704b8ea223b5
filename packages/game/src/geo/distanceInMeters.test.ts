import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { distanceInMeters } from './distanceInMeters.js'

const point = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
})

describe('distanceInMeters', () => {
  test('default', () => {
    expect(distanceInMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0)
  })

  test.each([
    { name: '1° of latitude', a: { lat: 0, lng: 0 }, b: { lat: 1, lng: 0 }, expected: 111_195 },
    { name: '1° of longitude at the equator', a: { lat: 0, lng: 0 }, b: { lat: 0, lng: 1 }, expected: 111_195 },
    { name: 'across the antimeridian', a: { lat: 0, lng: 179.9995 }, b: { lat: 0, lng: -179.9995 }, expected: 111.2 },
    { name: 'pole to pole', a: { lat: 90, lng: 0 }, b: { lat: -90, lng: 0 }, expected: 20_015_115 },
    { name: 'Paris → London', a: { lat: 48.8566, lng: 2.3522 }, b: { lat: 51.5074, lng: -0.1278 }, expected: 343_556 },
  ])('parameters: $name', ({ a, b, expected }) => {
    expect(distanceInMeters(a, b)).toBeCloseTo(expected, expected > 1000 ? -1 : 0)
  })

  test('behavior: symmetric, non-negative, zero to itself, bounded by half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceInMeters(a, b)
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThanOrEqual(20_015_115 + 1)
        expect(Math.abs(d - distanceInMeters(b, a))).toBeLessThan(1e-6)
        expect(distanceInMeters(a, a)).toBe(0)
      }),
    )
  })
})
