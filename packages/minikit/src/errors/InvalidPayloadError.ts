import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * Raised when command input fails validation; nothing is sent to the host.
 *
 * @example
 * ```ts
 * await pay({ reference: 'x'.repeat(40), to, tokens, description })
 * ```
 */
export class InvalidPayloadError extends BaseError {
  override name = 'InvalidPayloadError'
  // `string`: subclasses name narrower failures (CurrentUrlUnavailableError).
  override readonly code: string = 'invalid_payload'
  constructor(shortMessage: string, parameters: BaseErrorParameters & { command?: string } = {}) {
    super(shortMessage, { docsPath: '#invalidpayloaderror', ...parameters })
    this.command = parameters.command
  }
  declare readonly command: string | undefined
}

/** {@link InvalidPayloadError}, with its name as a literal so a union of error types narrows on `name`. */
export type InvalidPayloadErrorType = InvalidPayloadError & { name: 'InvalidPayloadError' }
