import { GameError, type GameErrorParameters } from './GameError.js'

/** Which per-player quota ran out (`notifications`: the sync's changes per account, `NOTIFICATION_SYNC_LIMIT`). */
export type RateLimitedQuota = 'spawn' | 'collect' | 'notifications'

/**
 * A per-player quota (`QUOTAS` in `@worldmap/game`) is used up.
 * `retryAfterMs` says when the next request can pass.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitedError) console.log(error.quota, error.retryAfterMs) // 'collect', 2400
 * ```
 */
export class RateLimitedError extends GameError {
  override name = 'RateLimitedError'
  override readonly code = 'rate_limited'
  readonly quota: RateLimitedQuota

  constructor(parameters: GameErrorParameters & { quota: RateLimitedQuota; retryAfterMs: number }) {
    const { quota, ...rest } = parameters
    super('rate_limited', {
      ...rest,
      metaMessages: [`Quota: ${quota}`, `Try again in: ${Math.ceil(parameters.retryAfterMs / 1000)} s`],
    })
    this.quota = quota
  }
}
