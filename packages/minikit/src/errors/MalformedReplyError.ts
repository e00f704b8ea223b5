import { BaseError } from './BaseError.js'

/**
 * Raised when the host answers a command with a payload that does not match the reply schema.
 *
 * @example
 * ```ts
 * MiniKit.trigger('miniapp-payment', 'garbage') // the waiting pay() rejects with MalformedReplyError
 * ```
 */
export class MalformedReplyError extends BaseError {
  override name = 'MalformedReplyError'
  override readonly code = 'malformed_reply'
  constructor(event: string, details?: string) {
    super(`Malformed reply for event ${event}`, { details, docsPath: '#malformedreplyerror' })
    this.event = event
  }
  declare readonly event: string
}

/** {@link MalformedReplyError}, with its name as a literal so a union of error types narrows on `name`. */
export type MalformedReplyErrorType = MalformedReplyError & { name: 'MalformedReplyError' }
