/** Parameters every {@link BaseError} subclass accepts. */
export interface BaseErrorParameters {
  /** Native cause, kept for debugging (never proofs, tokens or secrets). */
  cause?: unknown
  /** Extra, human-readable detail under the short message; several lines, or a `- ` list, start on a line of their own. */
  details?: string
  /** Lines of context printed between the short message and the details. */
  metaMessages?: string[]
}

/**
 * The one root of every error WorldMap's own code throws — `@worldmap/game`,
 * the functions and the app — so any of them can be recognised with one
 * `instanceof` and read the same way. `name` and `code` are stable and safe
 * to switch on (each subclass sets both); `shortMessage` is the one-line text
 * a screen may show; `message` adds `metaMessages` and `details` below it.
 *
 * @example
 * ```ts
 * try {
 *   localDayOf(Date.now(), zone)
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.name, error.code) // 'InvalidTimeZoneError', 'invalid_time_zone'
 * }
 * ```
 */
export class BaseError extends Error {
  override name = 'WorldMapError'
  /** Stable machine-readable code of this failure. */
  readonly code: string = 'worldmap_error'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: string[] | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    const { details } = parameters
    if (details)
      lines.push('', details.includes('\n') || details.startsWith('- ') ? `Details:\n${details}` : `Details: ${details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
  }
}
