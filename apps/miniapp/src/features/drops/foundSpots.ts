import { spotOfDrop } from '@worldmap/game'
import type { FoundSpots } from './MapDataSource.js'

/**
 * Whether `dropId` stands on a spot the player already found that day: the
 * server would refuse it (`spot_already_found`), so no screen offers it. A
 * streak reward, or a drop of another day than `found`'s, never is.
 *
 * @example
 * ```ts
 * isOnFoundSpot({ day: 20546, spots: new Set(['w21z73t_3']) }, 'w21z73t_986212_3') // true
 * ```
 */
export function isOnFoundSpot(found: FoundSpots | null, dropId: string): boolean {
  if (!found || found.spots.size === 0) return false
  const spot = spotOfDrop(dropId)
  return spot !== null && spot.day === found.day && found.spots.has(spot.key)
}
