import type { DropKind, Rarity } from '@worldmap/game'
import type { Translate } from '../../lib/i18n/index.js'

// The game's nouns in the player's language, from the shared `drops` and the
// art's own `art` catalogue fragments: every screen names a drop through here,
// so a kind or rarity reads the same on the map, the reveal, the book and the card.

/**
 * A drop's full name, e.g. "Rare Gem", "Gema rara", "Permata Langka" (one
 * catalogue entry per pair: Spanish and Portuguese put the rarity after the
 * kind and make it agree).
 *
 * @example
 * ```ts
 * dropName(t, { kind: 'gem', rarity: 'rare' }) // 'Rare Gem'
 * ```
 */
export function dropName(t: Translate, { kind, rarity }: { kind: DropKind; rarity: Rarity }): string {
  return t(`drops.label.${kind}.${rarity}`)
}

/**
 * A kind's name, e.g. "Compass".
 *
 * @example
 * ```ts
 * kindName(t, 'compass') // 'Compass'
 * ```
 */
export function kindName(t: Translate, kind: DropKind): string {
  return t(`drops.kind.${kind}`)
}

/**
 * A kind's plural, for the book's rows: "Compasses 2/5".
 *
 * @example
 * ```ts
 * kindPlural(t, 'compass') // 'Compasses'
 * ```
 */
export function kindPlural(t: Translate, kind: DropKind): string {
  return t(`drops.kinds.${kind}`)
}

/**
 * A rarity's name, for chips and legends: "Legendary".
 *
 * @example
 * ```ts
 * rarityName(t, 'legendary') // 'Legendary'
 * ```
 */
export function rarityName(t: Translate, rarity: Rarity): string {
  return t(`drops.rarity.${rarity}`)
}

/**
 * A kind's one line of flavour, for the reveal, the detail and the share card.
 *
 * @example
 * ```ts
 * kindDescription(t, 'relic') // 'Older than the streets around it. Someone kept it safe for you.'
 * ```
 */
export function kindDescription(t: Translate, kind: DropKind): string {
  return t(`art.about.${kind}`)
}

/**
 * What a kind's drawing is in a rarity — each of the 40 cards is its own
 * object ("Winged coin", "Phoenix feather") — for the book's detail.
 *
 * @example
 * ```ts
 * cardName(t, { kind: 'coin', rarity: 'epic' }) // 'Winged coin'
 * ```
 */
export function cardName(t: Translate, { kind, rarity }: { kind: DropKind; rarity: Rarity }): string {
  return t(`art.card.${kind}.${rarity}`)
}
