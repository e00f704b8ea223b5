import { BaseError } from '../BaseError.js'

/**
 * Raised by a bridge session's `pollForUpdates` before `createClient` has
 * produced a key (or after `reset`).
 *
 * @example
 * ```ts
 * await createBridgeSession({ app_id: 'app_x', action: 'vote' }).pollForUpdates()
 * // rejects: No keypair found. Please call `createClient` first.
 * ```
 */
export class MissingKeypairError extends BaseError {
  override name = 'MissingKeypairError'
  override readonly code = 'missing_keypair'
  constructor() {
    super('No keypair found. Please call `createClient` first.', { docsPath: '#missingkeypairerror' })
  }
}

/** {@link MissingKeypairError}, with its name as a literal so a union of error types narrows on `name`. */
export type MissingKeypairErrorType = MissingKeypairError & { name: 'MissingKeypairError' }
