import type { DropKind, Rarity } from '@worldmap/game'
import { dropsEn } from '../../lib/i18n/catalogues/en/drops.js'

/**
 * A drop's full name in English, rarity first, from the English catalogue.
 * Screens use `dropName(t, drop)` for the player's language; this is for
 * code without a `t` (tests, logs).
 *
 * @example
 * ```ts
 * dropLabel({ kind: 'gem', rarity: 'rare' }) // 'Rare Gem'
 * ```
 */
export function dropLabel({ kind, rarity }: { kind: DropKind; rarity: Rarity }): string {
  return dropsEn[`drops.label.${kind}.${rarity}`]
}
