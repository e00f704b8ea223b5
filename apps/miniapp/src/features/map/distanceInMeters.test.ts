import { describe, expect, test } from 'vitest'
import { distanceInMeters } from './distanceInMeters.js'

// One degree of latitude on the mean sphere: π·R/180.
const METERS_PER_DEGREE = (Math.PI * 6_371_008.8) / 180

describe('distanceInMeters', () => {
  test('default: zero for the same point', () => {
    expect(distanceInMeters({ lat: 1.3521, lng: 103.8198 }, { lat: 1.3521, lng: 103.8198 })).toBe(0)
  })

  test.each([49, 50, 51, 1000])('behavior: %d m due north is %d m', (meters) => {
    const from = { lat: 1.3521, lng: 103.8198 }
    const to = { lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng }
    expect(distanceInMeters(from, to)).toBeCloseTo(meters, 6)
  })

  test('behavior: symmetric, and longitude shrinks with latitude', () => {
    const a = { lat: 60, lng: 10 }
    const b = { lat: 60, lng: 11 }
    expect(distanceInMeters(a, b)).toBeCloseTo(distanceInMeters(b, a), 9)
    // At 60° a degree of longitude is about half a degree of latitude.
    expect(distanceInMeters(a, b) / METERS_PER_DEGREE).toBeCloseTo(0.5, 2)
  })

  test('behavior: antipodes are half the circumference', () => {
    expect(distanceInMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(180 * METERS_PER_DEGREE, 3)
  })
})
