import { WATCH_CELL_ID_PATTERN } from '../geo/cellPrecision.js'
import { GEOHASH_ALPHABET } from '../geo/encodeGeohash.js'
import { type Drop, dropsForCells, type SpawnOptions } from './dropsForCell.js'
import { InvalidSpawnCellError } from './errors/InvalidSpawnCellError.js'

/**
 * The drops of whole watch cells (precision 6, the unit a client reads and
 * the functions spawn) in the window containing `time`: every drop of their
 * 32 spawn cells each (`dropsForCells`), computed together so the thinning
 * looks at each candidate once.
 *
 * @throws {InvalidSpawnCellError} a watch cell is not a precision-6 geohash.
 * @throws {InvalidTimeError} `time` is not finite.
 *
 * @example
 * ```ts
 * const drops = dropsForWatchCells(['w21z73', 'w21z76'], Date.now(), { seed }) // Map watch cell → Drop[]
 * ```
 */
export function dropsForWatchCells(watchCells: readonly string[], time: number, options: SpawnOptions): Map<string, Drop[]> {
  for (const watchCell of watchCells) {
    if (!WATCH_CELL_ID_PATTERN.test(watchCell)) throw new InvalidSpawnCellError({ details: 'expected a geohash of 6 characters' })
  }
  const cells = watchCells.flatMap((watchCell) => [...GEOHASH_ALPHABET].map((char) => `${watchCell}${char}`))
  const drops = dropsForCells(cells, time, options)
  return new Map(
    watchCells.map((watchCell) => [watchCell, [...GEOHASH_ALPHABET].flatMap((char) => drops.get(`${watchCell}${char}`) ?? [])]),
  )
}
