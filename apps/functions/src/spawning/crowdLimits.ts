import { SPAWN_WINDOW_MS } from '@worldmap/game'
import { z } from 'zod'
import { ConfigError } from '../errors/ConfigError.js'

/**
 * Limits that hold across wallets (issues 22 and 33). A wallet costs one
 * signature, so every per-wallet quota multiplies with a crowd of throwaway
 * wallets; these count per source network or per session instead, and none
 * is a first-come budget shared by the whole world that a crowd could spend
 * for everyone (docs/abuse.md). Each is counted per fixed window of
 * `windowMs` in one small node under `/crowd/{window}` (`crowdPaths`), which
 * the purge deletes once the window has ended, so storage returns to its floor.
 */
export const CROWD_LIMITS = {
  /** Counting window of every crowd limit: the spawn window (30 min), so a refusal lifts when the map's drops renew. */
  windowMs: SPAWN_WINDOW_MS,
  /** Geohash precision of a "region" for unverified spawning: 4 ≈ 39 × 20 km at the equator, about a city. */
  regionPrecision: 4,
  /**
   * Areas unverified accounts from one source network (an IPv4 address, an IPv6 /64) may spawn in one region
   * per window: a household's newcomers spawn a few; a crowd behind one network cannot fill a city, and a
   * crowd on other networks never touches this network's share.
   */
  unverifiedSpawnsPerSourceRegion: 10,
  /** Areas unverified accounts from one source network may spawn per window, anywhere: a crowd spread over many regions still stops here. */
  unverifiedSpawnsPerSource: 30,
  /**
   * Sign-ins of wallets that are not verified humans, per source network per window: a household or a café
   * signs in a few; a script signing in hundreds of fresh wallets stops here. Mobile carriers put many phones
   * behind one address (CGNAT), so it is generous, and verified humans are never counted.
   */
  signInsPerSource: 30,
  /** `verifyHuman` calls per account per window: a real player needs one, a retry or two after a failed scan. */
  verifyPerAccount: 5,
  /**
   * `verifyHuman` calls worldwide per window that are the first call of a session signed in during this window
   * or the last one (`auth_time`): every newcomer's first try. A crowd fills it only with fresh sign-ins, which
   * `signInsPerSource` meters per network; stockpiled sessions never reach it.
   */
  verifyFreshTotal: 1_200,
  /** Every other `verifyHuman` call worldwide per window: retries and old sessions. Fresh + open stay under the Developer Portal's rate limit (~1 call/s). */
  verifyOpenTotal: 600,
} as const

/** The crowd limits' numbers as `CROWD_LIMITS` has them. */
export type CrowdLimits = { readonly [K in keyof typeof CROWD_LIMITS]: number }

/**
 * The window index of `now` for the crowd limits, and how long until it ends.
 *
 * @example
 * ```ts
 * const { index, retryAfterMs } = crowdWindowOf(Date.now())
 * ```
 */
export function crowdWindowOf(now: number, limits: CrowdLimits = CROWD_LIMITS): { index: number; retryAfterMs: number } {
  const index = Math.floor(now / limits.windowMs)
  return { index, retryAfterMs: (index + 1) * limits.windowMs - now }
}

const envSchema = z.object({ WORLDMAP_CROWD_LIMITS_DIVISOR: z.coerce.number().int().min(1).max(1_000).optional() })

/**
 * `CROWD_LIMITS`, every count divided by `WORLDMAP_CROWD_LIMITS_DIVISOR`
 * (rounded up, never below 1) when it is set: production at a smaller
 * scale, with the same proportions. Production leaves it unset; the crowd
 * tests' own stack sets it, so a crowd spends every budget in seconds
 * rather than in thousands of emulator calls.
 *
 * @throws {ConfigError} the variable is set and is not an integer from 1 to 1,000 (never its value).
 * @example
 * ```ts
 * readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: '20' }).verifyOpenTotal // 30
 * ```
 */
export function readCrowdLimits(env: Record<string, string | undefined>): CrowdLimits {
  const parsed = envSchema.safeParse({ WORLDMAP_CROWD_LIMITS_DIVISOR: env.WORLDMAP_CROWD_LIMITS_DIVISOR || undefined })
  if (!parsed.success)
    throw new ConfigError([{ variable: 'WORLDMAP_CROWD_LIMITS_DIVISOR', reason: 'must be an integer from 1 to 1000' }])
  const divisor = parsed.data.WORLDMAP_CROWD_LIMITS_DIVISOR ?? 1
  const scaled = (count: number) => Math.max(1, Math.ceil(count / divisor))
  return {
    ...CROWD_LIMITS,
    unverifiedSpawnsPerSourceRegion: scaled(CROWD_LIMITS.unverifiedSpawnsPerSourceRegion),
    unverifiedSpawnsPerSource: scaled(CROWD_LIMITS.unverifiedSpawnsPerSource),
    signInsPerSource: scaled(CROWD_LIMITS.signInsPerSource),
    verifyPerAccount: scaled(CROWD_LIMITS.verifyPerAccount),
    verifyFreshTotal: scaled(CROWD_LIMITS.verifyFreshTotal),
    verifyOpenTotal: scaled(CROWD_LIMITS.verifyOpenTotal),
  }
}
