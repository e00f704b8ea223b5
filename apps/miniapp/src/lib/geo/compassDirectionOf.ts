import type { LatLng } from '@worldmap/game'

/** The 8 compass points, clockwise from north; each is a key of `inventory.direction.*` in every catalogue. */
export const COMPASS_DIRECTIONS = ['north', 'northEast', 'east', 'southEast', 'south', 'southWest', 'west', 'northWest'] as const

/** One of {@link COMPASS_DIRECTIONS}. */
export type CompassDirection = (typeof COMPASS_DIRECTIONS)[number]

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * The compass direction (8 points) of `to` as seen from `from`, by the
 * initial great-circle bearing: which way a player should set off.
 *
 * @example
 * ```ts
 * compassDirectionOf({ lat: 1.3, lng: 103.8 }, { lat: 1.301, lng: 103.801 }) // 'northEast'
 * t(`inventory.direction.${compassDirectionOf(player, drop)}`) // 'north-east'
 * ```
 */
export function compassDirectionOf(from: LatLng, to: LatLng): CompassDirection {
  const y = Math.sin(toRadians(to.lng - from.lng)) * Math.cos(toRadians(to.lat))
  const x =
    Math.cos(toRadians(from.lat)) * Math.sin(toRadians(to.lat)) -
    Math.sin(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.cos(toRadians(to.lng - from.lng))
  const bearing = (Math.atan2(y, x) * 180) / Math.PI
  return COMPASS_DIRECTIONS[Math.round((bearing + 360) / 45) % 8] ?? 'north'
}
