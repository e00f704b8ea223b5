import { EARTH_RADIUS_METERS, geohashBounds, type LatLng, watchCellOf } from '@worldmap/game'
import { expect, test } from 'vitest'
import { isNewDropsArea } from './isNewDropsArea.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const north = (from: LatLng, meters: number): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })

// A point in watch cell w21z73, 10 m south of its north edge.
const nearEdge = { lat: geohashBounds('w21z73').north - 10 / METERS_PER_DEGREE, lng: 103.8607 }

test('default: a short move inside one watch cell keeps the area', () => {
  expect(watchCellOf(nearEdge.lat, nearEdge.lng)).toBe('w21z73')
  expect(isNewDropsArea(nearEdge, north(nearEdge, -200))).toBe(false)
})

test('behavior: more than 250 m is a new area, inside the cell or not', () => {
  const start = { lat: 1.2827, lng: 103.8607 }
  expect(isNewDropsArea(start, north(start, 251))).toBe(true)
  expect(isNewDropsArea(start, north(start, 249))).toBe(false)
})

test('behavior: crossing into another watch cell is a new area once past the jitter slack', () => {
  // 20 m north: across the edge, but GPS jitter could do that.
  const jitter = north(nearEdge, 20)
  expect(watchCellOf(jitter.lat, jitter.lng)).not.toBe('w21z73')
  expect(isNewDropsArea(nearEdge, jitter)).toBe(false)
  // 60 m north: the player walked over.
  expect(isNewDropsArea(nearEdge, north(nearEdge, 60))).toBe(true)
})
