import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/**
 * The Developer Portal's transaction-status endpoint could not be read: a
 * network failure, a non-OK response or a body that fails validation.
 *
 * @example
 * ```ts
 * const { error } = watcher.getState() // a createReceiptWatcher() watching a transaction id
 * if (error instanceof TransactionStatusError) console.log(error.status) // e.g. 404
 * ```
 */
export class TransactionStatusError extends BaseError {
  override name = 'TransactionStatusError'
  override readonly code = 'transaction_status_error'
  /** HTTP status when the portal answered, else undefined. */
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number } = {}) {
    super('Failed to fetch transaction status', { docsPath: '#transactionstatuserror', ...parameters })
    this.status = parameters.status
  }
}

/** {@link TransactionStatusError}, with its name as a literal so a union of error types narrows on `name`. */
export type TransactionStatusErrorType = TransactionStatusError & { name: 'TransactionStatusError' }
