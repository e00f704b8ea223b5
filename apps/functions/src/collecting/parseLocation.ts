import type { LatLng } from '@worldmap/game'
import { ensureDropsNearContract } from '@worldmap/game/contract'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'

/**
 * Validate untrusted input (a callable's `data`) as a location.
 *
 * @throws {InvalidLocationError} when `input` is not `{ lat, lng }` with a
 * finite latitude in −90..90 and longitude in −180..180.
 *
 * @example
 * ```ts
 * const { lat, lng } = parseLocation(request.data)
 * ```
 */
export function parseLocation(input: unknown): LatLng {
  // `ensureDropsNear`'s request is exactly a location; `collectDrop` checks its own with the same rules.
  const result = ensureDropsNearContract.request.safeParse(input)
  if (!result.success) {
    throw new InvalidLocationError({ details: result.error.issues.map((issue) => issue.path.join('.') || 'input').join(', ') })
  }
  return result.data
}
