import fc from 'fast-check'
import { expect, test } from 'vitest'
import { COMPASS_DIRECTIONS, compassDirectionOf } from './compassDirectionOf.js'

const here = { lat: 1.3, lng: 103.8 }

test('default: the eight points around a player, 200 m out', () => {
  const d = 0.0018
  expect(compassDirectionOf(here, { lat: here.lat + d, lng: here.lng })).toBe('north')
  expect(compassDirectionOf(here, { lat: here.lat + d, lng: here.lng + d })).toBe('northEast')
  expect(compassDirectionOf(here, { lat: here.lat, lng: here.lng + d })).toBe('east')
  expect(compassDirectionOf(here, { lat: here.lat - d, lng: here.lng + d })).toBe('southEast')
  expect(compassDirectionOf(here, { lat: here.lat - d, lng: here.lng })).toBe('south')
  expect(compassDirectionOf(here, { lat: here.lat - d, lng: here.lng - d })).toBe('southWest')
  expect(compassDirectionOf(here, { lat: here.lat, lng: here.lng - d })).toBe('west')
  expect(compassDirectionOf(here, { lat: here.lat + d, lng: here.lng - d })).toBe('northWest')
})

test('property: the way back is the opposite point, for nearby places anywhere off the poles', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -60, max: 60, noNaN: true }),
      fc.double({ min: -179, max: 179, noNaN: true }),
      fc.double({ min: -0.003, max: 0.003, noNaN: true }),
      fc.double({ min: -0.003, max: 0.003, noNaN: true }),
      (lat, lng, dLat, dLng) => {
        fc.pre(Math.hypot(dLat, dLng) > 0.0005)
        const a = { lat, lng }
        const b = { lat: lat + dLat, lng: lng + dLng }
        const there = COMPASS_DIRECTIONS.indexOf(compassDirectionOf(a, b))
        const back = COMPASS_DIRECTIONS.indexOf(compassDirectionOf(b, a))
        // Opposite, or one point off where the bearing sits on a boundary between two points.
        expect([3, 4, 5]).toContain((back - there + 8) % 8)
      },
    ),
  )
})
