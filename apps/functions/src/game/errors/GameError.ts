import { BaseError, type BaseErrorParameters } from '@worldmap/game'

/**
 * The callable error code a failure maps to (Firebase `HttpsError` codes), so
 * the wrapping callable can rethrow it without a lookup table.
 */
export type CallableErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'failed-precondition'
  | 'already-exists'
  | 'out-of-range'
  | 'unavailable'
  | 'resource-exhausted'

/** Parameters every {@link GameError} subclass accepts. */
export interface GameErrorParameters extends BaseErrorParameters {
  /** How long until the same request can pass, ms; sent to the client as `details.retryAfterMs`. */
  retryAfterMs?: number
}

/**
 * Root of every refusal of WorldMap's backend game and World ID rules (a
 * {@link BaseError}, like every WorldMap error).
 * `name` and `code` are stable and safe to switch on; `callableCode` is the
 * `HttpsError` code the callable wrapper rethrows it as.
 *
 * @example
 * ```ts
 * try {
 *   planCollect(input, context)
 * } catch (error) {
 *   if (error instanceof GameError) throw new HttpsError(error.callableCode, error.shortMessage, { code: error.code })
 *   throw error
 * }
 * ```
 */
export class GameError extends BaseError {
  override name = 'GameError'
  override readonly code: string = 'game_error'
  /** The Firebase callable error code to report. */
  readonly callableCode: CallableErrorCode = 'failed-precondition'
  /** How long waiting would take before the same request can pass, ms (refusals that lift with time). */
  readonly retryAfterMs: number | undefined

  constructor(shortMessage: string, parameters: GameErrorParameters = {}) {
    const { retryAfterMs, ...base } = parameters
    super(shortMessage, base)
    this.retryAfterMs = retryAfterMs
  }
}
