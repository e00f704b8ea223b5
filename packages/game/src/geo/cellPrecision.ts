// The cell sizes, on their own: neighbourCells needs them and cellOf needs neighbourCells.

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
