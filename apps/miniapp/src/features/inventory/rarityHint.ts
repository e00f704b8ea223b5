import { RARITY_WEIGHTS, type Rarity } from '@worldmap/game'
import { rarityStyles } from '../art/rarityStyles.js'

/**
 * How often a rarity turns up, from the game's own spawn weights, in words
 * for the "not found yet" hint.
 *
 * @example
 * ```ts
 * rarityHint('epic')   // 'About 1 in 25 drops is epic.'
 * rarityHint('common') // 'Most drops are common.'
 * ```
 */
export function rarityHint(rarity: Rarity): string {
  const weight = RARITY_WEIGHTS[rarity]
  const total = Object.values(RARITY_WEIGHTS).reduce((sum, value) => sum + value, 0)
  const name = rarityStyles[rarity].label.toLowerCase()
  if (weight * 2 > total) return `Most drops are ${name}.`
  return `About 1 in ${Math.round(total / weight)} drops is ${name}.`
}
