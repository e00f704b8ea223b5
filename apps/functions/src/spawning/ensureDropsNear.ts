import { distanceInMeters, geohashBounds, type LatLng, watchCellsAround } from '@worldmap/game'
import { parseLocation } from '../collecting/parseLocation.js'

/**
 * A spawn writes every watch cell that comes within this many metres of the
 * player: past the third-nearest drop everywhere (the spawn rule puts spots
 * ~150 m apart; the third-nearest is 232 m away at the median, 351 m at the
 * 99th percentile, never more than ~400 m), so the finds a player can walk
 * to exist, while the far watch cells the map also reads are left to the
 * players near them (a spawn of all 9 would write ~100 drops, 3× more).
 */
export const SPAWN_RADIUS_METERS = 500

/** Where a spawn request applies: the cells the client reads, and those of them to spawn. */
export interface SpawnArea {
  lat: number
  lng: number
  /** The watch cells around the caller (see `watchCellsAround`): what the client reads. */
  watchCells: string[]
  /** Those within {@link SPAWN_RADIUS_METERS} of the caller (the caller's own first): what a spawn writes. */
  spawnWatchCells: string[]
}

/** Metres from `point` to the nearest point of `cell`'s rectangle (0 inside), across the antimeridian too. */
function distanceToCell(point: LatLng, cell: string): number {
  const { south, west, north, east } = geohashBounds(cell)
  // A neighbour across ±180° has its longitudes on the other side: compare on the same side.
  const shift = (west + east) / 2 - point.lng > 180 ? 360 : point.lng - (west + east) / 2 > 180 ? -360 : 0
  const lng = point.lng + shift
  const nearest = { lat: Math.min(north, Math.max(south, point.lat)), lng: Math.min(east, Math.max(west, lng)) }
  return distanceInMeters({ lat: point.lat, lng }, nearest)
}

/**
 * The area a spawn request covers: of the player's watch cell and the (up
 * to 8) around it, which the client reads, those within
 * {@link SPAWN_RADIUS_METERS} — never anywhere else, so a caller spawns only
 * around the position it reports (which the travel gate checks).
 *
 * @throws {InvalidLocationError} when `location` is not a valid `{ lat, lng }`.
 *
 * @example
 * ```ts
 * const { watchCells, spawnWatchCells } = spawnAreaOf(request.data)
 * ```
 */
export function spawnAreaOf(location: unknown): SpawnArea {
  const { lat, lng } = parseLocation(location)
  const watchCells = watchCellsAround(lat, lng)
  const spawnWatchCells = watchCells.filter((cell) => distanceToCell({ lat, lng }, cell) <= SPAWN_RADIUS_METERS)
  return { lat, lng, watchCells, spawnWatchCells }
}
