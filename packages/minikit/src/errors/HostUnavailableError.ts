import { BaseError } from './BaseError.js'

/**
 * Raised when neither the iOS nor the Android message handler exists, so nothing can be sent.
 *
 * @example
 * ```ts
 * await getPermissions() // outside World App, after a manual install
 * ```
 */
export class HostUnavailableError extends BaseError {
  override name = 'HostUnavailableError'
  override readonly code = 'host_unavailable'
  constructor() {
    super('No World App message handler found (window.webkit.messageHandlers.minikit or window.Android).', {
      docsPath: '#hostunavailableerror',
    })
  }
}

/** {@link HostUnavailableError}, with its name as a literal so a union of error types narrows on `name`. */
export type HostUnavailableErrorType = HostUnavailableError & { name: 'HostUnavailableError' }
