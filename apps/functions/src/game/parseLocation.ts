import type { LatLng } from '@worldmap/game'
import { z } from 'zod'
import { InvalidLocationError } from './errors/InvalidLocationError.js'

/** A finite latitude/longitude pair in decimal degrees. */
export const locationSchema = z.object({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
})

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
  const result = locationSchema.safeParse(input)
  if (!result.success) {
    throw new InvalidLocationError({ details: result.error.issues.map((issue) => issue.path.join('.') || 'input').join(', ') })
  }
  return result.data
}
