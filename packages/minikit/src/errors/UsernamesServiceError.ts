import { BaseError, type BaseErrorParameters } from './BaseError.js'

/**
 * Raised when the usernames service cannot be reached, answers with an
 * error status, or sends a body that does not match its contract.
 *
 * @example
 * ```ts
 * await getUserByUsername('nobody') // rejects: Usernames service answered 404
 * ```
 */
export class UsernamesServiceError extends BaseError {
  override name = 'UsernamesServiceError'
  override readonly code = 'usernames_service_error'
  /** HTTP status, when the service answered. */
  declare readonly status: number | undefined
  constructor(shortMessage: string, parameters: BaseErrorParameters & { status?: number } = {}) {
    super(shortMessage, { docsPath: '#usernamesserviceerror', ...parameters })
    this.status = parameters.status
  }
}

/** {@link UsernamesServiceError}, with its name as a literal so a union of error types narrows on `name`. */
export type UsernamesServiceErrorType = UsernamesServiceError & { name: 'UsernamesServiceError' }
