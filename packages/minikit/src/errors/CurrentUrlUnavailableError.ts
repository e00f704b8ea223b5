import { InvalidPayloadError } from './InvalidPayloadError.js'

/**
 * walletAuth could not read the page's URL (`window.location.href`), which
 * the SIWE message's domain and URI come from. An {@link InvalidPayloadError}
 * (as before), with its own name and code, so an app tells it apart without
 * matching the spec's message text.
 *
 * @example
 * ```ts
 * try {
 *   await walletAuth({ nonce })
 * } catch (error) {
 *   if (error instanceof CurrentUrlUnavailableError) console.log(error.code) // 'current_url_unavailable'
 * }
 * ```
 */
export class CurrentUrlUnavailableError extends InvalidPayloadError {
  override name = 'CurrentUrlUnavailableError'
  override readonly code = 'current_url_unavailable'
  constructor(cause?: unknown) {
    super('Failed to get current URL', { command: 'wallet-auth', cause, docsPath: '#currenturlunavailableerror' })
  }
}

/** {@link CurrentUrlUnavailableError}, with its name as a literal so a union of error types narrows on `name`. */
export type CurrentUrlUnavailableErrorType = CurrentUrlUnavailableError & { name: 'CurrentUrlUnavailableError' }
