import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/** Which bridge call failed: creating the request, or polling for the response. */
export type BridgeOperation = 'create' | 'poll'

/**
 * Raised when an HTTP call to the verification bridge fails: the network
 * rejects, the bridge answers with a non-OK status, or its body does not
 * match the bridge contract. Creating a request fails with the spec's
 * `Failed to create client`; a failed poll ends the session with
 * `connection_failed` and this error in the session state.
 *
 * @example
 * ```ts
 * await session.createClient() // rejects: Failed to create client (bridge answered 500)
 * ```
 */
export class BridgeRequestError extends BaseError {
  override name = 'BridgeRequestError'
  override readonly code = 'bridge_request_failed'
  /** HTTP status, when the bridge answered. */
  readonly status: number | undefined
  readonly operation: BridgeOperation
  constructor(shortMessage: string, parameters: BaseErrorParameters & { operation: BridgeOperation; status?: number }) {
    const { operation, status, ...rest } = parameters
    super(shortMessage, { docsPath: '#bridgerequesterror', ...rest })
    this.operation = operation
    this.status = status
  }
}

/** {@link BridgeRequestError}, with its name as a literal so a union of error types narrows on `name`. */
export type BridgeRequestErrorType = BridgeRequestError & { name: 'BridgeRequestError' }
