import { distanceInMeters, type LatLng, watchCellOf } from '@worldmap/game'
import { mapDefaults } from './mapDefaults.js'

/**
 * Whether the drops around `target` need a new subscription rather than the
 * one made around `anchor`: after moving {@link mapDefaults}
 * `.dropsRequeryMeters` (the server spawns around the player), or after
 * moving into another watch cell (the 3 × 3 cells read are centred on the
 * player's), with {@link mapDefaults}`.dropsCellSwitchMeters` of slack so
 * GPS jitter on a cell edge does not swap cells back and forth.
 *
 * @example
 * ```ts
 * const center = useAnchoredCenter(playerPosition, isNewDropsArea)
 * ```
 */
export function isNewDropsArea(anchor: LatLng, target: LatLng): boolean {
  const moved = distanceInMeters(anchor, target)
  if (moved > mapDefaults.dropsRequeryMeters) return true
  return moved > mapDefaults.dropsCellSwitchMeters && watchCellOf(anchor.lat, anchor.lng) !== watchCellOf(target.lat, target.lng)
}
