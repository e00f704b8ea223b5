/** A token bucket as stored: tokens left (fractional) at time `at` (ms). */
export interface TokenBucket {
  tokens: number
  at: number
}

/** A bucket's size and how fast it refills (one token per `refillMs`). */
export interface QuotaPolicy {
  capacity: number
  refillMs: number
}

/**
 * Per-player quotas. Verified humans explore freely (a map re-anchor every
 * ~3 minutes of walking uses one spawn token; 20 in hand, one more every
 * 30 s); an unverified account can look around but spawns 3 areas, then one
 * more every 20 minutes; collects allow a burst of 10, then one every 3 s.
 */
export const QUOTAS = {
  spawnVerified: { capacity: 20, refillMs: 30_000 },
  spawnUnverified: { capacity: 3, refillMs: 20 * 60_000 },
  collect: { capacity: 10, refillMs: 3_000 },
} as const satisfies Record<string, QuotaPolicy>

/** The result of {@link takeToken}: the bucket to store, and how long to wait if no token was taken. */
export interface TakeTokenResult {
  bucket: TokenBucket
  /** `0` when a token was taken; otherwise ms until one is available. */
  waitMs: number
}

/**
 * Take one token from a bucket refilled up to `now`. A missing or malformed
 * bucket is a full one; a clock that went backwards refills nothing.
 *
 * @example
 * ```ts
 * const { bucket, waitMs } = takeToken(stored, Date.now(), QUOTAS.collect)
 * if (waitMs > 0) throw new RateLimitedError({ retryAfterMs: waitMs })
 * ```
 */
export function takeToken(stored: TokenBucket | null | undefined, now: number, policy: QuotaPolicy): TakeTokenResult {
  const valid = stored && Number.isFinite(stored.tokens) && Number.isFinite(stored.at)
  const start = valid ? stored : { tokens: policy.capacity, at: now }
  const elapsed = Math.max(0, now - start.at)
  const tokens = Math.min(policy.capacity, Math.max(0, start.tokens) + elapsed / policy.refillMs)
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: now }, waitMs: 0 }
  return { bucket: { tokens, at: now }, waitMs: Math.ceil((1 - tokens) * policy.refillMs) }
}
