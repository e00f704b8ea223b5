/**
 * A distance for people: whole metres below 1 km, one decimal of km above.
 *
 * @example
 * ```ts
 * formatDistance(42.4) // '42 m'
 * formatDistance(1530) // '1.5 km'
 * ```
 */
export function formatDistance(meters: number): string {
  if (meters < 999.5) return `${Math.round(meters)} m`
  return `${(meters / 1000).toFixed(1)} km`
}
