import { expect, test } from 'vitest'
import { RARITIES, RARITY_POINTS, RARITY_WEIGHTS } from './rarities.js'

test('default: every rarity has a weight and points; rarer is worth more', () => {
  expect(Object.keys(RARITY_POINTS)).toEqual([...RARITIES])
  expect(RARITY_POINTS).toEqual({ common: 1, uncommon: 2, rare: 5, epic: 10, legendary: 25 })
  const points = RARITIES.map((rarity) => RARITY_POINTS[rarity])
  expect(points).toEqual([...points].sort((a, b) => a - b))
  expect(Object.values(RARITY_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100)
})
