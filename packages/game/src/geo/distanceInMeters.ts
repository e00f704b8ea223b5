/** A point on Earth in decimal degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METERS = 6_371_008.8

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * Great-circle distance between two points (haversine), in metres.
 * Accurate to ~0.5 % (spherical Earth), far below GPS error at 50 m reach.
 *
 * @example
 * ```ts
 * distanceInMeters({ lat: 1.3521, lng: 103.8198 }, { lat: 1.3521, lng: 103.8207 }) // ≈ 100
 * ```
 */
export function distanceInMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  // Clamp: rounding can push h a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))))
}
