import { expect, test } from 'vitest'
import { countFinds } from './countFinds.js'

test('default: today counts from local midnight; total counts everything', () => {
  const now = new Date(2025, 5, 15, 14, 30).getTime()
  const at = (day: number, hour: number, minute = 0) => ({ collectedAt: new Date(2025, 5, day, hour, minute).getTime() })
  expect(countFinds([at(15, 0), at(15, 14, 29), at(14, 23, 59), at(1, 12)], now)).toEqual({ today: 2, total: 4 })
  expect(countFinds([], now)).toEqual({ today: 0, total: 0 })
})
