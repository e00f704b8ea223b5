import { RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { RING_FILL_MS, revealTimings } from './revealTimings.js'

test('default: common pops at once, legendary gathers its light for the longest', () => {
  expect(revealTimings.common).toMatchObject({ artSize: 160, chargeMs: 0 })
  expect(revealTimings.legendary.chargeMs).toBeGreaterThan(revealTimings.epic.chargeMs)
  expect(revealTimings.legendary.celebrateAtMs).toBeLessThanOrEqual(3_000)
})

test('behavior: each rarity up is bigger and longer; rare and up charge first', () => {
  for (let index = 1; index < RARITIES.length; index++) {
    const [lower, higher] = [revealTimings[RARITIES[index - 1] ?? 'common'], revealTimings[RARITIES[index] ?? 'common']]
    expect(higher.artSize).toBeGreaterThan(lower.artSize)
    expect(higher.textAtMs).toBeGreaterThan(lower.textAtMs)
    expect(higher.celebrateAtMs).toBeGreaterThan(lower.celebrateAtMs)
  }
  for (const rarity of RARITIES) expect(revealTimings[rarity].chargeMs > 0).toBe(!['common', 'uncommon'].includes(rarity))
})

test('behavior: the words rise after the pop starts, the ring fills after the words, the celebration after the ring is full', () => {
  for (const rarity of RARITIES) {
    const { chargeMs, textAtMs, ringAtMs, celebrateAtMs } = revealTimings[rarity]
    expect(textAtMs).toBeGreaterThan(chargeMs)
    expect(ringAtMs).toBeGreaterThan(textAtMs)
    expect(celebrateAtMs).toBeGreaterThanOrEqual(ringAtMs + RING_FILL_MS)
  }
})
