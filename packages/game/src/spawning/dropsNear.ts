import { CELL_PRECISION } from '../geo/cellPrecision.js'
import { distanceInMeters, type LatLng } from '../geo/distanceInMeters.js'
import { encodeGeohash } from '../geo/encodeGeohash.js'
import { METERS_PER_DEGREE } from './candidateSpots.js'
import { type Drop, dropsForCells, type SpawnOptions } from './dropsForCell.js'

/** Spawn cells are a grid of this many degrees a side (precision 7: 18 bits of longitude, 17 of latitude). */
const CELL_DEGREES = 360 / 2 ** 18

/** A drop and how far it is from the point asked about. */
export type DropNear = Drop & { distance: number }

/**
 * Every drop within `radius` metres of `center` in the window containing
 * `time`, nearest first: what a player standing there could walk to. For
 * measuring the rule (tests, the load run) and placing test players; the
 * functions spawn whole watch cells instead (`dropsForWatchCells`).
 *
 * @throws {InvalidTimeError} `time` is not finite.
 *
 * @example
 * ```ts
 * const [nearest] = dropsNear({ lat: 1.2834, lng: 103.8607 }, 500, Date.now(), { seed })
 * ```
 */
export function dropsNear(center: LatLng, radius: number, time: number, options: SpawnOptions): DropNear[] {
  const dLat = radius / METERS_PER_DEGREE + CELL_DEGREES
  const poleward = Math.min(89.9, Math.abs(center.lat) + dLat)
  const dLng = radius / (METERS_PER_DEGREE * Math.cos((poleward * Math.PI) / 180)) + CELL_DEGREES
  const cells = new Set<string>()
  for (let lat = Math.max(-90, center.lat - dLat); lat <= Math.min(90, center.lat + dLat); lat += CELL_DEGREES) {
    for (let lng = center.lng - dLng; lng <= center.lng + dLng; lng += CELL_DEGREES) {
      // Wrap across the antimeridian.
      cells.add(encodeGeohash(lat, ((((lng + 180) % 360) + 360) % 360) - 180, CELL_PRECISION))
    }
  }
  return [...dropsForCells([...cells], time, options).values()]
    .flat()
    .map((drop) => ({ ...drop, distance: distanceInMeters(center, drop) }))
    .filter((drop) => drop.distance <= radius)
    .sort((a, b) => a.distance - b.distance)
}
