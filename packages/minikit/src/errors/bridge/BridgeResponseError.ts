import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/**
 * Raised when a decrypted wallet response is readable but not usable: not
 * JSON, neither a result nor an `error_code`, or a credential the session
 * did not ask for. The session records it with `unexpected_response` (or
 * `credential_unavailable` for the credential check).
 *
 * @example
 * ```ts
 * session.getState().error // BridgeResponseError: The wallet response has an unexpected shape.
 * ```
 */
export class BridgeResponseError extends BaseError {
  override name = 'BridgeResponseError'
  override readonly code = 'bridge_response_invalid'
  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, { docsPath: '#bridgeresponseerror', ...parameters })
  }
}

/** {@link BridgeResponseError}, with its name as a literal so a union of error types narrows on `name`. */
export type BridgeResponseErrorType = BridgeResponseError & { name: 'BridgeResponseError' }
