import { BaseError } from '../BaseError.js'

/**
 * Raised when the runtime has no global `crypto` object at all, so the
 * bridge session cannot generate or use its AES-GCM key.
 *
 * @example
 * ```ts
 * await session.createClient() // in a runtime without globalThis.crypto: rejects with Unsupported platform
 * ```
 */
export class UnsupportedPlatformError extends BaseError {
  override name = 'UnsupportedPlatformError'
  override readonly code = 'unsupported_platform'
  constructor() {
    super('Unsupported platform', { docsPath: '#unsupportedplatformerror' })
  }
}

/** {@link UnsupportedPlatformError}, with its name as a literal so a union of error types narrows on `name`. */
export type UnsupportedPlatformErrorType = UnsupportedPlatformError & { name: 'UnsupportedPlatformError' }
