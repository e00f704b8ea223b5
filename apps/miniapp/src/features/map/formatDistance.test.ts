import { describe, expect, test } from 'vitest'
import { formatDistance } from './formatDistance.js'

describe('formatDistance', () => {
  test.each([
    [0, '0 m'],
    [42.4, '42 m'],
    [49.6, '50 m'],
    [999.4, '999 m'],
    [999.5, '1.0 km'],
    [1530, '1.5 km'],
    [12_345, '12.3 km'],
  ])('default: %d → %s', (meters, text) => {
    expect(formatDistance(meters)).toBe(text)
  })
})
