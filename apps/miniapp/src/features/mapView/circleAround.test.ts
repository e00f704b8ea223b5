import { COLLECT_REACH_METERS, distanceInMeters } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { circleAround } from './circleAround.js'

const toLatLng = ([lng, lat]: [number, number]) => ({ lat, lng })

test('default: 64 vertices plus the closing one, the first due north of the centre', () => {
  const center = { lat: 1.2834, lng: 103.8607 }
  const { type, coordinates } = circleAround(center, COLLECT_REACH_METERS)
  expect(type).toBe('Polygon')
  const [ring = []] = coordinates
  expect(ring).toHaveLength(65)
  expect(ring[64]).toEqual(ring[0])
  expect(ring[0]?.[0]).toBeCloseTo(center.lng, 12)
  expect(ring[0]?.[1]).toBeGreaterThan(center.lat)
})

test('parameters: the vertex count', () => {
  expect(circleAround({ lat: 0, lng: 0 }, 10, 8).coordinates[0]).toHaveLength(9)
})

test('behavior: every vertex is 50 m (± 0.5 m) from the centre at any latitude within ±80°', () => {
  fc.assert(
    fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
      const center = { lat, lng }
      const [ring = []] = circleAround(center, COLLECT_REACH_METERS).coordinates
      for (const vertex of ring) {
        expect(Math.abs(distanceInMeters(center, toLatLng(vertex)) - COLLECT_REACH_METERS)).toBeLessThanOrEqual(0.5)
      }
    }),
  )
})

test('behavior: the ring scales with the radius and stays round (east and north reach alike)', () => {
  const center = { lat: 60, lng: 10 }
  const [ring = []] = circleAround(center, 200, 4).coordinates
  const [north, east] = ring.map(toLatLng)
  expect(distanceInMeters(center, north ?? center)).toBeCloseTo(200, 6)
  expect(distanceInMeters(center, east ?? center)).toBeCloseTo(200, 6)
  // At 60° a metre east spans twice the longitude of a metre north.
  expect(((east?.lng ?? 0) - center.lng) / ((north?.lat ?? 0) - center.lat)).toBeCloseTo(2, 2)
})
