import { BaseError } from '../BaseError.js'

/**
 * Raised when a global `crypto` object exists but lacks `subtle` or
 * `getRandomValues` — typically React Native without the WebCrypto polyfills.
 *
 * @example
 * ```ts
 * await session.createClient() // rejects: Crypto API not available. For React Native, ensure polyfills are set up properly.
 * ```
 */
export class CryptoUnavailableError extends BaseError {
  override name = 'CryptoUnavailableError'
  override readonly code = 'crypto_unavailable'
  constructor() {
    super('Crypto API not available. For React Native, ensure polyfills are set up properly.', {
      docsPath: '#cryptounavailableerror',
    })
  }
}

/** {@link CryptoUnavailableError}, with its name as a literal so a union of error types narrows on `name`. */
export type CryptoUnavailableErrorType = CryptoUnavailableError & { name: 'CryptoUnavailableError' }
