import { COLLECT_REACH_METERS, EARTH_RADIUS_METERS, type LatLng } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isInReach } from './isInReach.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const north = (from: LatLng, meters: number): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })
const here = { lat: 1.2834, lng: 103.8607 }

test('default: in reach up to 50 m', () => {
  expect(isInReach(here, here)).toBe(true)
  expect(isInReach(here, north(here, 49.9))).toBe(true)
  expect(isInReach(here, north(here, COLLECT_REACH_METERS))).toBe(true)
  expect(isInReach(here, north(here, 50.1))).toBe(false)
})

test('behavior: without a position nothing is in reach', () => {
  expect(isInReach(null, here)).toBe(false)
})

test('behavior: the boundary holds at any latitude within ±80°', () => {
  fc.assert(
    fc.property(fc.double({ min: -80, max: 79.99, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (lat, meters) => {
      const player = { lat, lng: 10 }
      fc.pre(Math.abs(meters - COLLECT_REACH_METERS) > 0.01)
      expect(isInReach(player, north(player, meters))).toBe(meters < COLLECT_REACH_METERS)
    }),
  )
})
