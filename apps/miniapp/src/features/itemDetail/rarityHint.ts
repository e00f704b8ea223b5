import { RARITY_WEIGHTS, type Rarity } from '@worldmap/game'
import type { Translate } from '../../lib/i18n/index.js'

/**
 * How often a rarity turns up, from the game's own spawn weights, in words
 * for the "not found yet" hint (one sentence per rarity in the catalogue:
 * the rarity agrees with its noun in Spanish and Portuguese).
 *
 * @example
 * ```ts
 * rarityHint(t, 'epic')   // 'About 1 in 25 drops is epic.'
 * rarityHint(t, 'common') // 'Most drops are common.'
 * ```
 */
export function rarityHint(t: Translate, rarity: Rarity): string {
  const weight = RARITY_WEIGHTS[rarity]
  const total = Object.values(RARITY_WEIGHTS).reduce((sum, value) => sum + value, 0)
  if (weight * 2 > total) return t(`inventory.hintMost.${rarity}`)
  return t(`inventory.hintOdds.${rarity}`, { odds: Math.round(total / weight) })
}
