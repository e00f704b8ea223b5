import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/**
 * Raised when a bridge envelope cannot be opened: it is not `{ iv, payload }`,
 * a field is not base64, or AES-GCM rejects it (wrong key or tampered
 * ciphertext — GCM cannot tell the two apart). A session records it with
 * `errorCode: 'unexpected_response'` instead of hiding it behind a later
 * `connection_failed`, which is what the official widget ends up showing.
 * The message never contains key material.
 *
 * @example
 * ```ts
 * await decryptBridgePayload(otherKey, envelope) // rejects: Failed to decrypt the bridge response.
 * ```
 */
export class BridgeDecryptionError extends BaseError {
  override name = 'BridgeDecryptionError'
  override readonly code = 'bridge_decryption_failed'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to decrypt the bridge response.', { docsPath: '#bridgedecryptionerror', ...parameters })
  }
}

/** {@link BridgeDecryptionError}, with its name as a literal so a union of error types narrows on `name`. */
export type BridgeDecryptionErrorType = BridgeDecryptionError & { name: 'BridgeDecryptionError' }
