/** Parameters every {@link BaseError} subclass accepts. */
export interface BaseErrorParameters {
  /** Native cause, kept for debugging (never contains secrets). */
  cause?: unknown
  /** Extra, human-readable detail appended under the short message. */
  details?: string
  /** Lines of context printed after the message. */
  metaMessages?: string[]
}

/**
 * Root of every error thrown by `@worldmap/minikit`.
 *
 * `shortMessage` is the spec's exact text; `message` adds details and
 * meta lines. `name` and `code` are stable and safe to switch on.
 *
 * @example
 * ```ts
 * try {
 *   await walletAuth({ nonce: 'x' })
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.code, error.shortMessage)
 * }
 * ```
 */
export class BaseError extends Error {
  override name = 'MiniKitError'
  /** Stable machine-readable code of this failure. */
  readonly code: string = 'minikit_error'
  declare readonly shortMessage: string
  declare readonly details: string | undefined
  declare readonly metaMessages: string[] | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
  }
}
