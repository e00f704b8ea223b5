import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `attestation` rejects with this when World App cannot attest the request (integrity check failed …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.attestation({ requestHash })
 * } catch (error) {
 *   if (error instanceof AttestationError) console.log(error.code)
 * }
 * ```
 */
export class AttestationError extends CommandReplyError {
  override name = 'AttestationError'
  constructor(code: string, details?: string) {
    super('Attestation failed', code, '#attestationerror', details)
  }
}

/** {@link AttestationError}, with its name as a literal so a union of error types narrows on `name`. */
export type AttestationErrorType = AttestationError & { name: 'AttestationError' }
