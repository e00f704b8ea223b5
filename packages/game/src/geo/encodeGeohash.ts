/** The geohash alphabet (base 32 without a, i, l, o). */
export const GEOHASH_ALPHABET = '0123456789bcdefghjkmnpqrstuvwxyz'

/**
 * Encode a position as a geohash of `precision` characters (1–12).
 * Bits alternate longitude/latitude, longitude first.
 *
 * @example
 * ```ts
 * encodeGeohash(57.64911, 10.40744, 11) // 'u4pruydqqvj'
 * ```
 */
export function encodeGeohash(lat: number, lng: number, precision: number): string {
  let latMin = -90
  let latMax = 90
  let lngMin = -180
  let lngMax = 180
  let hash = ''
  let bits = 0
  let value = 0
  let even = true
  while (hash.length < precision) {
    if (even) {
      const mid = (lngMin + lngMax) / 2
      if (lng >= mid) {
        value = value * 2 + 1
        lngMin = mid
      } else {
        value *= 2
        lngMax = mid
      }
    } else {
      const mid = (latMin + latMax) / 2
      if (lat >= mid) {
        value = value * 2 + 1
        latMin = mid
      } else {
        value *= 2
        latMax = mid
      }
    }
    even = !even
    bits += 1
    if (bits === 5) {
      hash += GEOHASH_ALPHABET[value]
      bits = 0
      value = 0
    }
  }
  return hash
}
