import { createHash } from 'node:crypto'
import {
  CELL_ID_PATTERN,
  DROP_KINDS,
  formatDropId,
  geohashBounds,
  type PublicDrop,
  RARITIES,
  RARITY_WEIGHTS,
  type Rarity,
  spawnWindowOf,
} from '@worldmap/game'
import { InvalidCellError } from '../refusals/InvalidCellError.js'

/** Fewest and most drops a spawn cell gets per window. */
export const MIN_DROPS_PER_CELL = 2
export const MAX_DROPS_PER_CELL = 5

/** A spawned drop: its public record plus its id and the window's start. */
export interface Drop extends PublicDrop {
  /** `{cell}_{window}_{index}` (see `formatDropId`). */
  id: string
  spawnedAt: number
}

/** Options of {@link dropsForCell}. */
export interface SpawnOptions {
  /** Server secret: without it, nobody can predict where drops will appear. */
  seed: string
}

const digest = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest()

function pickRarity(roll: number): Rarity {
  // roll is in 0..99; walk the cumulative weights.
  let threshold = 0
  for (const rarity of RARITIES) {
    threshold += RARITY_WEIGHTS[rarity]
    if (roll < threshold) return rarity
  }
  return 'common'
}

/**
 * The drops of one spawn cell in the spawn window containing `time`.
 * Pure and deterministic: the same seed, cell and window always give the
 * same 2–5 drops with the same ids, so re-asking never yields new drops.
 * Every drop lies inside the cell and lives from the window's start to its end.
 *
 * @throws {InvalidCellError} when `cellId` is not a precision-7 geohash or
 * `time` is not a finite time.
 *
 * @example
 * ```ts
 * const drops = dropsForCell('w21z74n', Date.now(), { seed: process.env.WORLDMAP_DROP_SEED })
 * drops[0].id // 'w21z74n_997459_0'
 * ```
 */
export function dropsForCell(cellId: string, time: number, { seed }: SpawnOptions): Drop[] {
  if (!CELL_ID_PATTERN.test(cellId)) throw new InvalidCellError({ details: 'expected a geohash of 7 characters' })
  if (!Number.isFinite(time)) throw new InvalidCellError({ details: 'window start must be a finite time' })
  const window = spawnWindowOf(time)
  const { south, west, north, east } = geohashBounds(cellId)
  const span = MAX_DROPS_PER_CELL - MIN_DROPS_PER_CELL + 1
  const count = MIN_DROPS_PER_CELL + ((digest(seed, cellId, window.start, 'count')[0] ?? 0) % span)
  const drops: Drop[] = []
  for (let index = 0; index < count; index++) {
    const hash = digest(seed, cellId, window.start, index)
    // (n + 0.5) / 2^32 is strictly inside (0, 1): the point never sits on the cell's edge.
    const lat = south + ((hash.readUInt32BE(0) + 0.5) / 2 ** 32) * (north - south)
    const lng = west + ((hash.readUInt32BE(4) + 0.5) / 2 ** 32) * (east - west)
    drops.push({
      id: formatDropId({ cell: cellId, window: window.index, index }),
      lat,
      lng,
      kind: DROP_KINDS[hash.readUInt32BE(8) % DROP_KINDS.length] ?? 'coin',
      rarity: pickRarity(hash.readUInt32BE(28) % 100),
      spawnedAt: window.start,
      expiresAt: window.end,
    })
  }
  return drops
}
