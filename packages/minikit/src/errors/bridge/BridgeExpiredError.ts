import { BaseError } from '../BaseError.js'

/**
 * Recorded when a bridge session outlives the bridge's time-to-live
 * (300 s after the request was created): the bridge has dropped the
 * request, so the session ends with `connection_failed` without another poll.
 *
 * @example
 * ```ts
 * session.getState().error // BridgeExpiredError: The verification request expired.
 * ```
 */
export class BridgeExpiredError extends BaseError {
  override name = 'BridgeExpiredError'
  override readonly code = 'bridge_expired'
  /** The time-to-live that ran out, in milliseconds. */
  readonly expiresAfter: number
  constructor(expiresAfter: number) {
    super('The verification request expired.', {
      details: `No response within ${expiresAfter} ms of creating the request.`,
      docsPath: '#bridgeexpirederror',
    })
    this.expiresAfter = expiresAfter
  }
}

/** {@link BridgeExpiredError}, with its name as a literal so a union of error types narrows on `name`. */
export type BridgeExpiredErrorType = BridgeExpiredError & { name: 'BridgeExpiredError' }
