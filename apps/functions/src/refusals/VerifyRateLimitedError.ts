import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Too many `verifyHuman` calls for now, by this account or worldwide
 * (`CROWD_LIMITS`): refused before the Developer Portal is asked, so a crowd
 * cannot get the app rate-limited there. `retryAfterMs`: when the window ends.
 *
 * @example
 * ```ts
 * if (error instanceof VerifyRateLimitedError) console.log(error.code) // 'verify_rate_limited'
 * ```
 */
export class VerifyRateLimitedError extends GameError {
  override name = 'VerifyRateLimitedError'
  override readonly code = 'verify_rate_limited'

  constructor(parameters: GameErrorParameters & { retryAfterMs: number }) {
    super('verify_rate_limited', parameters)
  }
}
