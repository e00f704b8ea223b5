import { CELL_ID_PATTERN, WATCH_CELL_PRECISION } from '../geo/cellOf.js'

/** Matches a drop id: `{spawn cell}_{window}_{index}`, e.g. `w21z73t_986211_3`. */
export const DROP_ID_PATTERN = /^([0-9b-hjkmnp-z]{7})_(\d{1,12})_(\d{1,2})$/

/** Where a drop lives, as its id spells it out. */
export interface DropAddress {
  /** The spawn cell (geohash, precision 7). */
  cell: string
  /** The watch cell its public record is stored under (the spawn cell's 6-character prefix). */
  watchCell: string
  /** The spawn window's index. */
  window: number
  /** Its number within the cell and window. */
  index: number
}

/**
 * A drop's id: spawn cell, window and index. The id names where the drop's
 * public record and its claim live, so the server finds both without an
 * index and a client cannot point `collectDrop` at another cell's record.
 * It reveals nothing the public record does not (the position inside the
 * cell comes from the secret seed).
 *
 * @example
 * ```ts
 * formatDropId({ cell: 'w21z73t', window: 986211, index: 3 }) // 'w21z73t_986211_3'
 * ```
 */
export function formatDropId(address: { cell: string; window: number; index: number }): string {
  return `${address.cell}_${address.window}_${address.index}`
}

/**
 * Read a drop id back into its address, or `null` for anything that is not
 * one (never throws: ids arrive from clients).
 *
 * @example
 * ```ts
 * parseDropId('w21z73t_986211_3') // { cell: 'w21z73t', watchCell: 'w21z73', window: 986211, index: 3 }
 * parseDropId('../x') // null
 * ```
 */
export function parseDropId(id: unknown): DropAddress | null {
  if (typeof id !== 'string') return null
  const match = DROP_ID_PATTERN.exec(id)
  if (!match) return null
  const [, cell = '', window = '', index = ''] = match
  if (!CELL_ID_PATTERN.test(cell)) return null
  return { cell, watchCell: cell.slice(0, WATCH_CELL_PRECISION), window: Number(window), index: Number(index) }
}
