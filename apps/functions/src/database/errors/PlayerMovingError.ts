import { BaseError } from '@worldmap/game'

/**
 * How long a client should wait before it asks again after `player_moving`: a move copies one player's records
 * (≈10 writes) and the call already waited ~1 s for it. The callables send it as `retryAfterMs`, the sign-in
 * endpoint as `Retry-After`.
 */
export const PLAYER_MOVING_RETRY_MS = 2_000

/**
 * A player's records are being moved to their new instance by another run
 * (a table switch, `movePlayer`) and the move did not finish while this call
 * waited. Not the player's fault and gone in a moment: callables answer it as
 * `unavailable` with `{ code: 'player_moving', retryAfterMs }` (`FAILURE_CODES` of the contract), the app offers
 * "try again", and its next try finds the records moved.
 *
 * @example
 * ```ts
 * if (error instanceof PlayerMovingError) console.error(error.code) // 'player_moving'
 * ```
 */
export class PlayerMovingError extends BaseError {
  override name = 'PlayerMovingError'
  override readonly code = 'player_moving' as const

  constructor() {
    super("The player's records are being moved to another database instance.")
  }
}
