import { SPAWN_WINDOW_MS } from '@worldmap/game'

/**
 * Limits that hold across wallets (issue 22, point 1). A wallet costs one
 * signature, so every per-wallet quota multiplies with a crowd of throwaway
 * wallets; these count per region, per source or worldwide instead. Each is
 * counted per fixed window of `windowMs` in one small node that the next
 * window overwrites (see {@link countInWindow}), so storage stays bounded.
 * The numbers and why are in docs/data-model.md ("Crowd limits").
 */
export const CROWD_LIMITS = {
  /** Counting window of every crowd limit: the spawn window (30 min), so a refusal lifts when the map's drops renew. */
  windowMs: SPAWN_WINDOW_MS,
  /** Geohash precision of a "region" for unverified spawning: 4 ≈ 39 × 20 km at the equator, about a city. */
  regionPrecision: 4,
  /** Areas unverified accounts may spawn per region per window: enough for a city's newcomers, nothing for a crowd. */
  unverifiedSpawnsPerRegion: 20,
  /** Areas unverified accounts may spawn worldwide per window: a crowd spread over many regions still stops here. */
  unverifiedSpawnsTotal: 1_000,
  /** `verifyHuman` calls per account per window: a real player needs one, a retry or two after a failed scan. */
  verifyPerAccount: 5,
  /** `verifyHuman` calls worldwide per window: stays well under the Developer Portal's rate limit (~1 call/s). */
  verifyTotal: 1_800,
} as const
