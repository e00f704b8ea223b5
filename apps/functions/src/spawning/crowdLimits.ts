import { SPAWN_WINDOW_MS } from '@worldmap/game'
import { z } from 'zod'
import { ConfigError } from '../errors/ConfigError.js'

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
  /**
   * Sign-ins of wallets that are not verified humans, per source network (an IPv4 address, an IPv6 /64) per
   * window: a household or a café signs in a few; a script signing in hundreds of fresh wallets stops here.
   * Mobile carriers put many phones behind one address (CGNAT), so it is generous, and verified humans are
   * never counted.
   */
  signInsPerSource: 30,
  /** `verifyHuman` calls per account per window: a real player needs one, a retry or two after a failed scan. */
  verifyPerAccount: 5,
  /** `verifyHuman` calls worldwide per window: stays well under the Developer Portal's rate limit (~1 call/s). */
  verifyTotal: 1_800,
} as const

/** The crowd limits' numbers as `CROWD_LIMITS` has them. */
export type CrowdLimits = { readonly [K in keyof typeof CROWD_LIMITS]: number }

const countSchema = z.coerce.number().int().positive().max(1_000_000).optional()
const envSchema = z.object({
  WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: countSchema,
  WORLDMAP_UNVERIFIED_SPAWNS_TOTAL: countSchema,
})

/**
 * `CROWD_LIMITS`, with the unverified spawn limits optionally set by
 * `WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION` and `WORLDMAP_UNVERIFIED_SPAWNS_TOTAL`
 * (positive integers). Production leaves them unset; the test stacks raise
 * the per-region limit, because every test player is a fresh unverified
 * wallet in the same city — exactly a crowd.
 *
 * @throws {ConfigError} naming the variable that is not a positive integer (never its value).
 * @example
 * ```ts
 * readCrowdLimits({ WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: '30' }).unverifiedSpawnsPerRegion // 30
 * ```
 */
export function readCrowdLimits(env: Record<string, string | undefined>): CrowdLimits {
  const parsed = envSchema.safeParse({
    WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: env.WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION || undefined,
    WORLDMAP_UNVERIFIED_SPAWNS_TOTAL: env.WORLDMAP_UNVERIFIED_SPAWNS_TOTAL || undefined,
  })
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), reason: 'must be a positive integer' })),
    )
  return {
    ...CROWD_LIMITS,
    unverifiedSpawnsPerRegion: parsed.data.WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION ?? CROWD_LIMITS.unverifiedSpawnsPerRegion,
    unverifiedSpawnsTotal: parsed.data.WORLDMAP_UNVERIFIED_SPAWNS_TOTAL ?? CROWD_LIMITS.unverifiedSpawnsTotal,
  }
}
