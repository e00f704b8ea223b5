import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/**
 * Raised by a bridge session's `createClient` when the configured
 * `bridge_url` fails validation. The individual problems (the spec's
 * messages, e.g. `Bridge URL must use HTTPS.`) are in `issues`; they are
 * also logged with `console.error`, which is what the short message refers to.
 *
 * @example
 * ```ts
 * const session = createBridgeSession({ app_id: 'app_x', action: 'vote', bridge_url: 'http://bridge.example' })
 * await session.createClient() // rejects: Invalid bridge_url. Please check the console for more details.
 * ```
 */
export class BridgeUrlError extends BaseError {
  override name = 'BridgeUrlError'
  override readonly code = 'bridge_url_invalid'
  /** Every validation message, in check order. */
  readonly issues: readonly string[]
  constructor(issues: readonly string[], parameters: BaseErrorParameters = {}) {
    super('Invalid bridge_url. Please check the console for more details.', {
      docsPath: '#bridgeurlerror',
      metaMessages: [...issues],
      ...parameters,
    })
    this.issues = Object.freeze([...issues])
  }
}

/** {@link BridgeUrlError}, with its name as a literal so a union of error types narrows on `name`. */
export type BridgeUrlErrorType = BridgeUrlError & { name: 'BridgeUrlError' }
