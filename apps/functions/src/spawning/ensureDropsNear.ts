import { cellOf, neighbourCells, watchCellsAround } from '@worldmap/game'
import { parseLocation } from '../collecting/parseLocation.js'

/** Where a spawn request applies: the cells to spawn and the cells the caller should read. */
export interface SpawnArea {
  lat: number
  lng: number
  /** The caller's spawn cell and its (up to 8) neighbours. */
  spawnCells: string[]
  /** The watch cells around the caller (see `watchCellsAround`). */
  watchCells: string[]
}

/**
 * The area a spawn request covers: the player's spawn cell and its
 * neighbours — never anywhere else, so a caller spawns only around the
 * position it reports (which the travel gate checks) — and the watch cells
 * the client reads.
 *
 * @throws {InvalidLocationError} when `location` is not a valid `{ lat, lng }`.
 *
 * @example
 * ```ts
 * const { spawnCells, watchCells } = spawnAreaOf(request.data)
 * ```
 */
export function spawnAreaOf(location: unknown): SpawnArea {
  const { lat, lng } = parseLocation(location)
  const cell = cellOf(lat, lng)
  return { lat, lng, spawnCells: [cell, ...neighbourCells(cell)], watchCells: watchCellsAround(lat, lng) }
}
