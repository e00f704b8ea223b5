import { CELL_PRECISION, WATCH_CELL_PRECISION } from './cellPrecision.js'
import { encodeGeohash } from './encodeGeohash.js'
import { neighbourCells } from './neighbourCells.js'

export { CELL_ID_PATTERN, CELL_PRECISION, WATCH_CELL_ID_PATTERN, WATCH_CELL_PRECISION } from './cellPrecision.js'

/**
 * The spawn cell (geohash of precision 7) containing a position. Drops are
 * spawned per spawn cell, so this is the unit of "the area around you".
 *
 * @example
 * ```ts
 * cellOf(1.2834, 103.8607) // 'w21z73t'
 * ```
 */
export function cellOf(lat: number, lng: number): string {
  return encodeGeohash(lat, lng, CELL_PRECISION)
}

/**
 * The watch cell (geohash of precision 6) containing a position. A spawn
 * cell's drops are stored under the watch cell that is its prefix.
 *
 * @example
 * ```ts
 * watchCellOf(1.2834, 103.8607) // 'w21z73'
 * ```
 */
export function watchCellOf(lat: number, lng: number): string {
  return encodeGeohash(lat, lng, WATCH_CELL_PRECISION)
}

/**
 * The watch cells a client at this position reads: its own and the up to 8
 * around it (fewer next to a pole). What a client downloads therefore
 * depends on how busy these 9 cells are, never on the size of the world.
 *
 * @example
 * ```ts
 * watchCellsAround(1.2834, 103.8607) // ['w21z73', 'w21z71', …] (9 cells)
 * ```
 */
export function watchCellsAround(lat: number, lng: number): string[] {
  const cell = watchCellOf(lat, lng)
  return [cell, ...neighbourCells(cell)]
}
