import type { BaseErrorParameters } from '../BaseError.js'
import { SiweVerificationError } from './SiweVerificationError.js'

/**
 * Raised when text is not a SIWE message in World App's layout.
 *
 * It extends {@link SiweVerificationError} (code `malformed_message`) so a
 * server catching verification failures also catches unparsable messages.
 *
 * @example
 * ```ts
 * parseSiweMessage('hello') // throws SiweParseError: Missing 'wants you to sign in with your Ethereum account:'
 * ```
 */
export class SiweParseError extends SiweVerificationError {
  override name = 'SiweParseError'
  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super('malformed_message', shortMessage, { docsPath: '#siweparseerror', ...parameters })
  }
}

/** {@link SiweParseError}, with its name as a literal so a union of error types narrows on `name`. */
export type SiweParseErrorType = SiweParseError & { name: 'SiweParseError' }
