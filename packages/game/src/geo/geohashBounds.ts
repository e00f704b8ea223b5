import { GEOHASH_ALPHABET } from './encodeGeohash.js'

/** The rectangle a geohash covers; south/west inclusive, north/east exclusive. */
export interface GeohashBounds {
  south: number
  west: number
  north: number
  east: number
}

/**
 * The bounds of a geohash cell. Any point with `south ≤ lat < north` and
 * `west ≤ lng < east` encodes to a hash starting with `geohash`.
 * Assumes a valid geohash (callers validate input first).
 *
 * @example
 * ```ts
 * geohashBounds('s') // { south: 0, west: 0, north: 45, east: 45 }
 * ```
 */
export function geohashBounds(geohash: string): GeohashBounds {
  let south = -90
  let north = 90
  let west = -180
  let east = 180
  let even = true
  for (const char of geohash) {
    const value = GEOHASH_ALPHABET.indexOf(char)
    for (let bit = 4; bit >= 0; bit--) {
      const on = ((value >> bit) & 1) === 1
      if (even) {
        const mid = (west + east) / 2
        if (on) west = mid
        else east = mid
      } else {
        const mid = (south + north) / 2
        if (on) south = mid
        else north = mid
      }
      even = !even
    }
  }
  return { south, west, north, east }
}
