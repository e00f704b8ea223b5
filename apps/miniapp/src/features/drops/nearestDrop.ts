import { distanceInMeters, type LatLng, type MapDrop, parseStreakDropId } from '@worldmap/game'

/** A drop and how far it is from the player, m. */
export interface DropAtDistance {
  drop: MapDrop
  distance: number
}

/** A drop in a list, with its distance from the player (m), `null` without a position. */
export interface ListedDrop {
  drop: MapDrop
  distance: number | null
}

/**
 * The drops sorted nearest first from `player`, each with its distance; in
 * id order without a position (no distance to sort by, and a stable list).
 *
 * @example
 * ```ts
 * byDistance(drops, fix)[0] // the nearest drop, { drop, distance }
 * ```
 */
export function byDistance(drops: readonly MapDrop[], player: LatLng | null): ListedDrop[] {
  if (!player) return [...drops].sort((a, b) => (a.id < b.id ? -1 : 1)).map((drop) => ({ drop, distance: null }))
  return drops.map((drop) => ({ drop, distance: distanceInMeters(player, drop) })).sort((a, b) => a.distance - b.distance)
}

/**
 * The drop nearest to the player, the one the map's edge arrow points to;
 * `null` without a position or without drops.
 *
 * @example
 * ```ts
 * nearestDrop(drops, fix) // { drop, distance: 212.4 }
 * ```
 */
export function nearestDrop(drops: readonly MapDrop[], player: LatLng | null): DropAtDistance | null {
  if (!player) return null
  let best: DropAtDistance | null = null
  for (const drop of drops) {
    const distance = distanceInMeters(player, drop)
    if (!best || distance < best.distance) best = { drop, distance }
  }
  return best
}

/**
 * What the map's edge arrow points to: the player's streak reward while one
 * waits (the reason to walk today, set 100–250 m away on purpose), else the
 * nearest drop; `null` without a position or without drops.
 *
 * @example
 * ```ts
 * arrowTarget(drops, fix) // { drop: streakReward, distance: 180 } even with a common 40 m away
 * ```
 */
export function arrowTarget(drops: readonly MapDrop[], player: LatLng | null): DropAtDistance | null {
  return (
    nearestDrop(
      drops.filter((drop) => parseStreakDropId(drop.id) !== null),
      player,
    ) ?? nearestDrop(drops, player)
  )
}
