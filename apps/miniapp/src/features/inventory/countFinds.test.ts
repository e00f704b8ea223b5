import { expect, test } from 'vitest'
import { countFinds } from './countFinds.js'
import { describeLocation } from './describeLocation.js'

test('default: today counts from local midnight; total counts everything', () => {
  const now = new Date(2025, 5, 15, 14, 30).getTime()
  const at = (day: number, hour: number, minute = 0) => ({ collectedAt: new Date(2025, 5, day, hour, minute).getTime() })
  expect(countFinds([at(15, 0), at(15, 14, 29), at(14, 23, 59), at(1, 12)], now)).toEqual({ today: 2, total: 4 })
  expect(countFinds([], now)).toEqual({ today: 0, total: 0 })
})

test('default: describeLocation gives coordinates with hemispheres, no distance', () => {
  expect(describeLocation({ lat: 1.2834, lng: 103.8607 })).toBe('1.28340° N, 103.86070° E')
  expect(describeLocation({ lat: -33.8568, lng: -151.2153 })).toBe('33.85680° S, 151.21530° W')
  expect(describeLocation({ lat: 0, lng: 0 })).toBe('0.00000° N, 0.00000° E')
})
