import { EARTH_RADIUS_METERS, type LatLng } from '@worldmap/game'

/** A GeoJSON polygon (the `geojson` types are MapLibre's dependency, not the app's). */
export interface PolygonGeometry {
  type: 'Polygon'
  /** One closed ring of `[lng, lat]` positions. */
  coordinates: [number, number][][]
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180
const toDegrees = (radians: number) => (radians * 180) / Math.PI

/**
 * A circle of `radiusMeters` around `center` as a GeoJSON polygon: `vertices`
 * points on the sphere, each exactly that great-circle distance from the
 * centre (the same sphere as the game's `distanceInMeters`, so the ring on
 * the map is the reach the server measures). Drawn by MapLibre in map space,
 * it grows and shrinks with the zoom like the streets under it, which a
 * fixed-size CSS circle cannot.
 *
 * @example
 * ```ts
 * const ring = circleAround({ lat: 1.2834, lng: 103.8607 }, COLLECT_REACH_METERS)
 * map.getSource<GeoJSONSource>('reach')?.setData({ type: 'Feature', properties: {}, geometry: ring })
 * ```
 */
export function circleAround(center: LatLng, radiusMeters: number, vertices = 64): PolygonGeometry {
  const lat1 = toRadians(center.lat)
  const lng1 = toRadians(center.lng)
  const angular = radiusMeters / EARTH_RADIUS_METERS
  const ring: [number, number][] = []
  for (let i = 0; i < vertices; i++) {
    const bearing = (2 * Math.PI * i) / vertices
    // The spherical "destination point" formula: start, bearing, angular distance.
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing))
    const lng2 =
      lng1 +
      Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2))
    ring.push([toDegrees(lng2), toDegrees(lat2)])
  }
  // GeoJSON rings are closed: the last position repeats the first.
  ring.push([...(ring[0] as [number, number])])
  return { type: 'Polygon', coordinates: [ring] }
}
