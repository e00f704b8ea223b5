import type { DropKind, Rarity } from '@worldmap/game'
import { dropKindInfo } from './dropKindInfo.js'
import { rarityStyles } from './rarityStyles.js'

/**
 * A drop's full name, rarity first: the words every label and message uses.
 *
 * @example
 * ```ts
 * dropLabel({ kind: 'gem', rarity: 'rare' }) // 'Rare Gem'
 * ```
 */
export function dropLabel({ kind, rarity }: { kind: DropKind; rarity: Rarity }): string {
  return `${rarityStyles[rarity].label} ${dropKindInfo[kind].name}`
}
