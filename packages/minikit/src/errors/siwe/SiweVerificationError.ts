import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/**
 * Stable reason a SIWE message was rejected. One code per check, so a
 * server can map each to its own response or metric without parsing text.
 */
export type SiweVerificationErrorCode =
  | 'malformed_payload'
  | 'malformed_message'
  | 'unsupported_version'
  | 'address_mismatch'
  | 'chain_mismatch'
  | 'scheme_mismatch'
  | 'domain_mismatch'
  | 'uri_mismatch'
  | 'invalid_nonce'
  | 'nonce_mismatch'
  | 'statement_mismatch'
  | 'request_id_mismatch'
  | 'expired'
  | 'not_yet_valid'
  | 'issued_in_future'
  | 'invalid_signature'
  /**
   * The ERC-1271 check could not be made: the RPC request failed (HTTP error,
   * timeout, connection refused, a JSON-RPC error that is not a revert). Not
   * a verdict on the signature — a server should answer 503 and let the user
   * retry, not 401.
   */
  | 'verifier_unavailable'

/**
 * Raised when a wallet-auth (SIWE) payload fails verification. Switch on
 * `code`; the message never echoes nonces, statements or signatures. Every
 * code but `verifier_unavailable` means the payload itself is bad.
 *
 * @example
 * ```ts
 * try {
 *   await verifySiweMessage({ payload, nonce })
 * } catch (error) {
 *   if (error instanceof SiweVerificationError && error.code === 'verifier_unavailable') return reply(503)
 *   if (error instanceof SiweVerificationError) return reply(401)
 *   throw error
 * }
 * ```
 */
export class SiweVerificationError extends BaseError {
  override name = 'SiweVerificationError'
  override readonly code: SiweVerificationErrorCode
  constructor(code: SiweVerificationErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, { docsPath: '#siweverificationerror', ...parameters })
    this.code = code
  }
}

/** {@link SiweVerificationError}, with its name as a literal so a union of error types narrows on `name`. */
export type SiweVerificationErrorType = SiweVerificationError & { name: 'SiweVerificationError' }
