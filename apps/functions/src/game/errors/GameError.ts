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
export interface GameErrorParameters {
  /** Native cause, kept for debugging (never contains proofs or secrets). */
  cause?: unknown
  /** Extra, human-readable detail appended under the short message. */
  details?: string
  /** Lines of context printed after the message. */
  metaMessages?: string[]
  /** How long until the same request can pass, ms; sent to the client as `details.retryAfterMs`. */
  retryAfterMs?: number
}

/**
 * Root of every error thrown by WorldMap's backend game and World ID rules.
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
export class GameError extends Error {
  override name = 'GameError'
  /** Stable machine-readable code of this failure. */
  readonly code: string = 'game_error'
  /** The Firebase callable error code to report. */
  readonly callableCode: CallableErrorCode = 'failed-precondition'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: string[] | undefined
  /** How long waiting would take before the same request can pass, ms (refusals that lift with time). */
  readonly retryAfterMs: number | undefined

  constructor(shortMessage: string, parameters: GameErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
    this.retryAfterMs = parameters.retryAfterMs
  }
}
