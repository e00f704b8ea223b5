import { encodeGeohash } from './encodeGeohash.js'
import { neighbourCells } from './neighbourCells.js'

/** Geohash length of a spawn cell: precision 7 is ~153 m × 153 m at the equator. */
export const CELL_PRECISION = 7

/** Matches a spawn cell id: exactly {@link CELL_PRECISION} geohash characters. */
export const CELL_ID_PATTERN = /^[0-9b-hjkmnp-z]{7}$/

/**
 * Geohash length of a watch cell, the unit a client reads drops by:
 * precision 6 is ~1.2 km × 0.6 km at the equator, so the 3 × 3 block around
 * a player covers the screen at street zoom with room to walk.
 */
export const WATCH_CELL_PRECISION = 6

/** Matches a watch cell id: exactly {@link WATCH_CELL_PRECISION} geohash characters. */
export const WATCH_CELL_ID_PATTERN = /^[0-9b-hjkmnp-z]{6}$/

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
