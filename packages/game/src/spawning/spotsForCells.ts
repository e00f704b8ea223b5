import { CELL_PRECISION } from '../geo/cellPrecision.js'
import { distanceInMeters } from '../geo/distanceInMeters.js'
import { encodeGeohash } from '../geo/encodeGeohash.js'
import { geohashBounds } from '../geo/geohashBounds.js'
import { type CandidateSpot, candidateSpots, METERS_PER_DEGREE } from './candidateSpots.js'
import { SPAWN_RULE } from './spawnRule.js'

/** A spot: where a cell's drop stands every window of one UTC day. */
export interface Spot {
  /** The spawn cell (precision 7). */
  cell: string
  /** Its number within the cell and day: the drop id's index. */
  index: number
  lat: number
  lng: number
  /** Whether its drops may be rare or better. */
  rich: boolean
}

/** Spawn cells are a grid: 2^18 columns of longitude, 2^17 rows of latitude. */
const COLUMNS = 2 ** 18
const ROWS = 2 ** 17
const CELL_WIDTH = 360 / COLUMNS
const CELL_HEIGHT = 180 / ROWS
/** A little more than the spacing, so rounding never leaves out a cell a rival stands in. */
const REACH = SPAWN_RULE.spotSpacingMeters * 1.05

/** Every spawn cell with a point within the spacing of `cell`'s rectangle, `cell` included. */
function cellsAround(cell: string): string[] {
  const { south, west, north, east } = geohashBounds(cell)
  const dLat = REACH / METERS_PER_DEGREE
  // Candidates exist up to a hair past maxLatitude: the narrowest cells a rival can be in.
  const poleward = Math.min(Math.max(Math.abs(south - dLat), Math.abs(north + dLat)), SPAWN_RULE.maxLatitude + 0.01)
  const dLng = REACH / (METERS_PER_DEGREE * Math.cos((poleward * Math.PI) / 180))
  const firstRow = Math.max(0, Math.floor((south - dLat + 90) / CELL_HEIGHT))
  const lastRow = Math.min(ROWS - 1, Math.floor((north + dLat + 90) / CELL_HEIGHT))
  const firstColumn = Math.floor((west - dLng + 180) / CELL_WIDTH)
  const lastColumn = Math.floor((east + dLng + 180) / CELL_WIDTH)
  const cells = new Set<string>()
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      // Wrap across the antimeridian.
      const wrapped = ((column % COLUMNS) + COLUMNS) % COLUMNS
      cells.add(encodeGeohash(-90 + (row + 0.5) * CELL_HEIGHT, -180 + (wrapped + 0.5) * CELL_WIDTH, CELL_PRECISION))
    }
  }
  return [...cells]
}

/** Does `a` outrank `b`? Higher priority wins; a tie (≈ never) goes to the smaller cell and index. */
function outranks(a: CandidateSpot, b: CandidateSpot): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority
  return a.cell === b.cell ? a.index < b.index : a.cell < b.cell
}

/**
 * The spots of each of `cells` on UTC day `day` (days since the epoch):
 * the cells' candidates (`candidateSpots`) thinned so that of any two
 * closer than `SPAWN_RULE.spotSpacingMeters` only the higher priority
 * survives (a hard-core, "Matérn II", thinning over every cell within the
 * spacing, however narrow cells get towards the poles). So no two spots of
 * a day are ever closer than the spacing, whichever cells they are in, and
 * a cell's spots depend only on the seed, the day and the cells around it.
 * Candidates are computed once per call, so asking for many neighbouring
 * cells together is cheaper than one by one.
 *
 * @example
 * ```ts
 * const spots = spotsForCells(seed, ['w21z73t', 'w21z73w'], 20418) // Map cell → Spot[]
 * ```
 */
export function spotsForCells(seed: string, cells: readonly string[], day: number): Map<string, Spot[]> {
  const memo = new Map<string, CandidateSpot[]>()
  const candidatesOf = (cell: string) => {
    let candidates = memo.get(cell)
    if (!candidates) {
      candidates = candidateSpots(seed, cell, day)
      memo.set(cell, candidates)
    }
    return candidates
  }
  const result = new Map<string, Spot[]>()
  for (const cell of cells) {
    const own = candidatesOf(cell)
    if (own.length === 0) {
      result.set(cell, [])
      continue
    }
    const rivals = cellsAround(cell).flatMap(candidatesOf)
    const survivors = own.filter(
      (spot) =>
        !rivals.some(
          (rival) => rival !== spot && outranks(rival, spot) && distanceInMeters(spot, rival) < SPAWN_RULE.spotSpacingMeters,
        ),
    )
    result.set(
      cell,
      survivors.map(({ cell: spotCell, index, lat, lng, rich }) => ({ cell: spotCell, index, lat, lng, rich })),
    )
  }
  return result
}
