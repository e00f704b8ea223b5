import { encodeGeohash } from './encodeGeohash.js'

/** Geohash length of a map cell: precision 7 is ~153 m × 153 m at the equator. */
export const CELL_PRECISION = 7

/** Matches a map cell id: exactly {@link CELL_PRECISION} geohash characters. */
export const CELL_ID_PATTERN = /^[0-9b-hjkmnp-z]{7}$/

/**
 * The map cell (geohash of precision 7) containing a position. Drops are
 * spawned per cell, so this is the unit of "the area around you".
 *
 * @example
 * ```ts
 * cellOf(1.2834, 103.8607) // 'w21z73t'
 * ```
 */
export function cellOf(lat: number, lng: number): string {
  return encodeGeohash(lat, lng, CELL_PRECISION)
}
