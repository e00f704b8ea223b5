import { EARTH_RADIUS_METERS } from '../geo/distanceInMeters.js'
import { geohashBounds } from '../geo/geohashBounds.js'
import { spawnHash, unitOf } from './spawnHash.js'
import { SPAWN_RULE } from './spawnRule.js'

/** Metres per degree of latitude (and of longitude at the equator). */
export const METERS_PER_DEGREE = (EARTH_RADIUS_METERS * Math.PI) / 180

/** A candidate spot of one cell and UTC day, before the thinning. */
export interface CandidateSpot {
  /** The spawn cell (precision 7). */
  cell: string
  /** Its number within the cell and day: the drop id's index. */
  index: number
  lat: number
  lng: number
  /** The thinning keeps, of two candidates closer than the spacing, the one with the higher priority. */
  priority: number
  /** Whether its drops may be rare or better (one in `SPAWN_RULE.richSpotEvery`). */
  rich: boolean
}

/**
 * The candidate spots of `cell` on UTC day `day` (days since the epoch):
 * on average `SPAWN_RULE.candidatesPerKm2` × the cell's area, uniformly
 * inside the cell, each with a priority and a richness fixed for the day.
 * Pure and deterministic; the cell is assumed valid (callers validate).
 *
 * @example
 * ```ts
 * candidateSpots(seed, 'w21z73t', 20418) // 0–2 candidates (0.8 on average at the equator)
 * ```
 */
export function candidateSpots(seed: string, cell: string, day: number): CandidateSpot[] {
  const { south, west, north, east } = geohashBounds(cell)
  const middle = (south + north) / 2
  if (Math.abs(middle) > SPAWN_RULE.maxLatitude) return []
  const area = (north - south) * METERS_PER_DEGREE * (east - west) * METERS_PER_DEGREE * Math.cos((middle * Math.PI) / 180)
  const expected = (SPAWN_RULE.candidatesPerKm2 * area) / 1e6
  const head = spawnHash(seed, 'spots', day, cell)
  // floor(expected), plus one with the probability of its fraction: the mean is exactly `expected`.
  const count = Math.floor(expected) + (unitOf(head, 0) < expected % 1 ? 1 : 0)
  const spots: CandidateSpot[] = []
  for (let index = 0; index < count; index++) {
    const hash = spawnHash(seed, 'spot', day, cell, index)
    spots.push({
      cell,
      index,
      lat: south + unitOf(hash, 0) * (north - south),
      lng: west + unitOf(hash, 4) * (east - west),
      // 48 bits: ties are rarer than one in 10^14 (and broken by cell and index anyway).
      priority: hash.readUIntBE(8, 6),
      rich: hash.readUInt32BE(14) % SPAWN_RULE.richSpotEvery === 0,
    })
  }
  return spots
}
