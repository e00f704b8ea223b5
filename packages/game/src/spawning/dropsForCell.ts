import { formatDropId } from '../drops/dropId.js'
import { DROP_KINDS } from '../drops/dropKinds.js'
import type { PublicDrop } from '../drops/publicDropSchema.js'
import { RARITIES, type Rarity } from '../drops/rarities.js'
import { spawnWindowOf } from '../drops/spawnWindow.js'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { CELL_ID_PATTERN } from '../geo/cellPrecision.js'
import { InvalidSpawnCellError } from './errors/InvalidSpawnCellError.js'
import { spawnDayOf } from './spawnDayOf.js'
import { spawnHash, unitOf } from './spawnHash.js'
import { SPOT_RARITY_WEIGHTS } from './spawnRule.js'
import { type Spot, spotsForCells } from './spotsForCells.js'

/** A spawned drop: its public record plus its id and the window's start. */
export interface Drop extends PublicDrop {
  /** `{cell}_{window}_{spot index}` (see `formatDropId`). */
  id: string
  spawnedAt: number
}

/** Options of {@link dropsForCell}. */
export interface SpawnOptions {
  /** Server secret: without it, nobody can predict where drops will appear. */
  seed: string
}

/** Walk the cumulative weights (out of 100) with `roll` in [0, 100). */
function pickRarity(weights: Readonly<Record<Rarity, number>>, roll: number): Rarity {
  let threshold = 0
  for (const rarity of RARITIES) {
    threshold += weights[rarity]
    if (roll < threshold) return rarity
  }
  return 'common'
}

/** The drop a spot holds in one window: kind and rarity renew every window, the place stays all day. */
function dropAt(seed: string, spot: Spot, window: ReturnType<typeof spawnWindowOf>): Drop {
  const hash = spawnHash(seed, 'drop', window.index, spot.cell, spot.index)
  const weights = spot.rich ? SPOT_RARITY_WEIGHTS.rich : SPOT_RARITY_WEIGHTS.ordinary
  return {
    id: formatDropId({ cell: spot.cell, window: window.index, index: spot.index }),
    lat: spot.lat,
    lng: spot.lng,
    kind: DROP_KINDS[hash.readUInt32BE(0) % DROP_KINDS.length] ?? 'coin',
    rarity: pickRarity(weights, unitOf(hash, 4) * 100),
    spawnedAt: window.start,
    expiresAt: window.end,
  }
}

/**
 * The drops of spawn cells in the spawn window containing `time`: one at
 * each of the cell's spots of that UTC day (`spotsForCells`), so a cell
 * has 0–2 drops (0.3 on average at the equator, fewer where cells narrow),
 * each standing where the day put it, with a kind and rarity of this window.
 * Pure and deterministic: re-asking never yields new drops.
 *
 * @throws {InvalidSpawnCellError} a cell is not a precision-7 geohash.
 * @throws {InvalidTimeError} `time` is not finite.
 *
 * @example
 * ```ts
 * const drops = dropsForCells(['w21z74n', 'w21z74p'], Date.now(), { seed }) // Map cell → Drop[]
 * ```
 */
export function dropsForCells(cells: readonly string[], time: number, { seed }: SpawnOptions): Map<string, Drop[]> {
  for (const cell of cells) {
    if (!CELL_ID_PATTERN.test(cell)) throw new InvalidSpawnCellError({ details: 'expected a geohash of 7 characters' })
  }
  if (!Number.isFinite(time)) throw new InvalidTimeError({ details: 'the spawn time must be finite' })
  const window = spawnWindowOf(time)
  const spots = spotsForCells(seed, cells, spawnDayOf(window.index))
  return new Map([...spots].map(([cell, cellSpots]) => [cell, cellSpots.map((spot) => dropAt(seed, spot, window))]))
}

/**
 * The drops of one spawn cell in the window containing `time` (see
 * {@link dropsForCells}, cheaper for many neighbouring cells).
 *
 * @throws {InvalidSpawnCellError} `cell` is not a precision-7 geohash.
 * @throws {InvalidTimeError} `time` is not finite.
 *
 * @example
 * ```ts
 * const drops = dropsForCell('w21z74n', Date.now(), { seed: process.env.WORLDMAP_DROP_SEED })
 * drops[0]?.id // 'w21z74n_997459_0'
 * ```
 */
export function dropsForCell(cell: string, time: number, options: SpawnOptions): Drop[] {
  return dropsForCells([cell], time, options).get(cell) ?? []
}
