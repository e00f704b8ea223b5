import { createHash } from 'node:crypto'
import { DROP_KINDS, type Drop, RARITIES, RARITY_WEIGHTS, type Rarity } from './dropSchema.js'
import { InvalidCellError } from './errors/InvalidCellError.js'
import { CELL_ID_PATTERN } from './geo/cellOf.js'
import { encodeGeohash } from './geo/encodeGeohash.js'
import { geohashBounds } from './geo/geohashBounds.js'

/** Length of a spawn window: drops live for one window, then new ones appear. */
export const SPAWN_WINDOW_MS = 30 * 60 * 1000
/** Fewest and most drops a cell gets per window. */
export const MIN_DROPS_PER_CELL = 2
export const MAX_DROPS_PER_CELL = 5
/** Geohash length stored on a drop (~4.8 m), a prefix-queryable position. */
export const DROP_GEOHASH_PRECISION = 9

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
 * The drops of one map cell in the spawn window containing `windowStart`.
 * Pure and deterministic: the same seed, cell and window always give the
 * same 2–5 drops with the same ids, so re-asking never yields new drops.
 * Every drop lies inside the cell and lives from the window's start to its end.
 *
 * @throws {InvalidCellError} when `cellId` is not a precision-7 geohash or
 * `windowStart` is not a finite time.
 *
 * @example
 * ```ts
 * const drops = dropsForCell('w21z74n', Date.now(), { seed: process.env.DROP_SEED })
 * ```
 */
export function dropsForCell(cellId: string, windowStart: number, { seed }: SpawnOptions): Drop[] {
  if (!CELL_ID_PATTERN.test(cellId)) throw new InvalidCellError({ details: 'expected a geohash of 7 characters' })
  if (!Number.isFinite(windowStart)) throw new InvalidCellError({ details: 'window start must be a finite time' })
  const spawnedAt = Math.floor(windowStart / SPAWN_WINDOW_MS) * SPAWN_WINDOW_MS
  const expiresAt = spawnedAt + SPAWN_WINDOW_MS
  const { south, west, north, east } = geohashBounds(cellId)
  const span = MAX_DROPS_PER_CELL - MIN_DROPS_PER_CELL + 1
  const count = MIN_DROPS_PER_CELL + ((digest(seed, cellId, spawnedAt, 'count')[0] ?? 0) % span)
  const drops: Drop[] = []
  for (let index = 0; index < count; index++) {
    const hash = digest(seed, cellId, spawnedAt, index)
    // (n + 0.5) / 2^32 is strictly inside (0, 1): the point never sits on the cell's edge.
    const lat = south + ((hash.readUInt32BE(0) + 0.5) / 2 ** 32) * (north - south)
    const lng = west + ((hash.readUInt32BE(4) + 0.5) / 2 ** 32) * (east - west)
    drops.push({
      id: `d${hash.subarray(12, 28).toString('hex')}`,
      lat,
      lng,
      geohash: encodeGeohash(lat, lng, DROP_GEOHASH_PRECISION),
      kind: DROP_KINDS[hash.readUInt32BE(8) % DROP_KINDS.length] ?? 'coin',
      rarity: pickRarity(hash.readUInt32BE(28) % 100),
      spawnedAt,
      expiresAt,
    })
  }
  return drops
}
