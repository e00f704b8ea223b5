/** Parameters every {@link BaseError} subclass accepts. */
export interface BaseErrorParameters {
  /** Native cause, kept for debugging. */
  cause?: unknown
  /** Extra, human-readable detail appended under the short message. */
  details?: string
}

/**
 * Root of every error thrown by `@worldmap/game`. `name` and `code` are
 * stable and safe to switch on; `shortMessage` is the one-line text.
 *
 * @example
 * ```ts
 * try {
 *   localDayOf(Date.now(), zone)
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.code) // 'invalid_time_zone'
 * }
 * ```
 */
export class BaseError extends Error {
  override name = 'WorldMapGameError'
  /** Stable machine-readable code of this failure. */
  readonly code: string = 'game_error'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
  }
}
