import { BaseError, type BaseErrorParameters } from '@worldmap/game'
import { type CallableErrorCode, REFUSALS, type RefusalCode } from '@worldmap/game/contract'

export type { CallableErrorCode } from '@worldmap/game/contract'

/** Parameters every {@link GameError} subclass accepts. */
export interface GameErrorParameters extends BaseErrorParameters {
  /** How long until the same request can pass, ms; sent to the client as `details.retryAfterMs`. */
  retryAfterMs?: number
}

/**
 * Root of every refusal of WorldMap's backend game and World ID rules (a
 * {@link BaseError}, like every WorldMap error).
 * `name` and `code` are stable and safe to switch on: every subclass's code
 * is a refusal of `@worldmap/game/contract` (`REFUSALS`), whose table also
 * gives `callableCode`, the `HttpsError` code the callable wrapper rethrows it as.
 * Its message is the code and the facts (distance, wait) for a developer or a
 * log, never a sentence for the player: the player's words for each refusal
 * live once, in the app's catalogues, looked up by the code.
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
  override readonly code: RefusalCode | 'game_error' = 'game_error'
  /** How long waiting would take before the same request can pass, ms (refusals that lift with time). */
  readonly retryAfterMs: number | undefined

  constructor(shortMessage: string, parameters: GameErrorParameters = {}) {
    const { retryAfterMs, ...base } = parameters
    super(shortMessage, base)
    this.retryAfterMs = retryAfterMs
  }

  /** The Firebase callable error code to report: the contract's for this code. */
  get callableCode(): CallableErrorCode {
    return this.code === 'game_error' ? 'failed-precondition' : REFUSALS[this.code].callableCode
  }
}
