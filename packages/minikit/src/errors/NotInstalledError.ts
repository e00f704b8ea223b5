import { BaseError } from './BaseError.js'

/**
 * Raised when a command needs MiniKit to be installed first.
 *
 * @example
 * ```ts
 * await walletAuth({ nonce }) // before install()
 * ```
 */
export class NotInstalledError extends BaseError {
  override name = 'NotInstalledError'
  override readonly code = 'not_installed'
  constructor() {
    super("MiniKit is not installed. Make sure you're running the application inside of World App")
  }
}
