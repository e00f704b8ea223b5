/** Mean Earth radius in metres (IUGG), the same one the server uses for its reach check. */
const EARTH_RADIUS_METERS = 6_371_008.8

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * Great-circle distance between two points, in metres (haversine). Good to a
 * few millimetres at the distances the map cares about (tens of metres).
 *
 * @example
 * ```ts
 * distanceInMeters({ lat: 1.3521, lng: 103.8198 }, { lat: 1.3525, lng: 103.8198 }) // ≈ 44.5
 * ```
 */
export function distanceInMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)))
}
