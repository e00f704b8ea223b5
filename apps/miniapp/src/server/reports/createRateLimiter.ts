/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Tokens a source starts with and can save up (its burst). */
  capacity: number
  /** Tokens a source gets back per second. */
  refillPerSecond: number
  /**
   * Most sources remembered at once. Past it the least recently seen source
   * is forgotten (it starts afresh when it comes back): memory stays bounded
   * however many addresses a crowd sends from.
   */
  maxSources: number
  /** @default Date.now */
  now?: () => number
}

/** A token bucket per source, bounded in memory. See {@link createRateLimiter}. */
export interface RateLimiter {
  /** Take `cost` tokens from `source`'s bucket; `false` (nothing taken) when it has fewer. */
  take(source: string, cost?: number): boolean
  /** How many sources are remembered now (≤ `maxSources`). */
  readonly size: number
}

interface Bucket {
  tokens: number
  at: number
}

/**
 * A token bucket per source in a `Map` kept in least-recently-seen order
 * (a source seen is moved to the end; the first one is evicted past
 * `maxSources`), so a flood from one source is cut to `refillPerSecond` and
 * a flood from many sources costs at most `maxSources` buckets.
 *
 * @example
 * ```ts
 * const limiter = createRateLimiter({ capacity: 60, refillPerSecond: 0.5, maxSources: 10_000 })
 * if (!limiter.take(ip, reports.length)) throw new ReportRefusedError('rate_limited')
 * ```
 */
export function createRateLimiter({ capacity, refillPerSecond, maxSources, now = Date.now }: RateLimiterOptions): RateLimiter {
  const buckets = new Map<string, Bucket>()
  return {
    take(source, cost = 1) {
      const at = now()
      const bucket = buckets.get(source) ?? { tokens: capacity, at }
      buckets.delete(source)
      bucket.tokens = Math.min(capacity, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * refillPerSecond)
      bucket.at = at
      const allowed = bucket.tokens >= cost
      if (allowed) bucket.tokens -= cost
      buckets.set(source, bucket)
      if (buckets.size > maxSources) buckets.delete(buckets.keys().next().value as string)
      return allowed
    },
    get size() {
      return buckets.size
    },
  }
}
