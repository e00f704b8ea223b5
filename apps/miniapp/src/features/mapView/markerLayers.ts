import type { Rarity } from '@worldmap/game'
import { isClusterable } from './clusterDrops.js'

/**
 * The map's markers from bottom to top (their CSS `z-index`): count bubbles,
 * common drops, rare-and-up drops (above the bubbles, which never hide
 * them), drops in reach (the ones a tap should collect), the selected drop,
 * and the player's dot over everything, so no drop ever draws over where
 * the player stands. The tap resolver (`pickMarker`) reads the same order,
 * so a tap goes to the marker the player sees on top.
 */
export const MARKER_LAYERS = {
  cluster: 1,
  drop: 2,
  rareDrop: 3,
  inReach: 4,
  selected: 5,
  player: 6,
} as const

/** What decides a drop marker's layer. */
export interface DropLayerInput {
  rarity: Rarity
  inReach: boolean
  selected: boolean
}

/**
 * The {@link MARKER_LAYERS} entry of one drop marker: selected over in reach
 * over rare-and-up over the rest, always under the player's dot.
 *
 * @example
 * ```ts
 * element.style.zIndex = String(dropLayer({ rarity: 'epic', inReach: false, selected: false })) // '3'
 * ```
 */
export function dropLayer({ rarity, inReach, selected }: DropLayerInput): number {
  if (selected) return MARKER_LAYERS.selected
  if (inReach) return MARKER_LAYERS.inReach
  return isClusterable({ rarity }) ? MARKER_LAYERS.drop : MARKER_LAYERS.rareDrop
}
