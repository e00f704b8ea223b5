import { BaseError, type BaseErrorParameters } from './BaseError.js'

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
 * Raised when a wallet-auth (SIWE) payload fails verification. Switch on
 * `code`; the message never echoes nonces, statements or signatures.
 *
 * @example
 * ```ts
 * try {
 *   await verifySiweMessage({ payload, nonce })
 * } catch (error) {
 *   if (error instanceof SiweVerificationError && error.code === 'expired') return reply(401)
 *   throw error
 * }
 * ```
 */
export class SiweVerificationError extends BaseError {
  override name = 'SiweVerificationError'
  override readonly code: SiweVerificationErrorCode
  constructor(code: SiweVerificationErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
    this.code = code
  }
}
