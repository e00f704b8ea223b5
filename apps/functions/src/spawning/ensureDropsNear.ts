import { watchCellsAround } from '@worldmap/game'
import { parseLocation } from '../collecting/parseLocation.js'

/** Where a spawn request applies: the watch cells to spawn, which are the ones the caller reads. */
export interface SpawnArea {
  lat: number
  lng: number
  /**
   * The watch cells around the caller (see `watchCellsAround`): spawned whole
   * (the spawn rule puts a drop only every ~150 m, so the area spawned must
   * reach past the third-nearest drop, ~230 m away, in every direction), and read by the client.
   */
  watchCells: string[]
}

/**
 * The area a spawn request covers: the watch cell of the player and the (up
 * to 8) around it — never anywhere else, so a caller spawns only around the
 * position it reports (which the travel gate checks) — which are exactly the
 * cells the client reads.
 *
 * @throws {InvalidLocationError} when `location` is not a valid `{ lat, lng }`.
 *
 * @example
 * ```ts
 * const { watchCells } = spawnAreaOf(request.data)
 * ```
 */
export function spawnAreaOf(location: unknown): SpawnArea {
  const { lat, lng } = parseLocation(location)
  return { lat, lng, watchCells: watchCellsAround(lat, lng) }
}
