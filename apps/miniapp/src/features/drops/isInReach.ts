import { COLLECT_REACH_METERS, distanceInMeters, type LatLng } from '@worldmap/game'

/**
 * Whether a drop is within the collect ring around the player: the plain
 * 50 m reach, without the server's accuracy bonus, so a drop that pulses is
 * one the server accepts. No position, nothing in reach.
 *
 * @example
 * ```ts
 * isInReach(fix, drop) // true at 49 m, false at 51 m
 * ```
 */
export function isInReach(player: LatLng | null, drop: LatLng): boolean {
  return player !== null && distanceInMeters(player, drop) <= COLLECT_REACH_METERS
}
