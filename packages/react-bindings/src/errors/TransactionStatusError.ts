import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The Developer Portal's transaction-status endpoint could not be read: a
 * network failure, a non-OK response or a body that fails validation.
 *
 * @example
 * ```ts
 * const { error } = useWaitForTransactionReceipt({ transactionId, appId })
 * if (error instanceof TransactionStatusError) console.log(error.status) // e.g. 404
 * ```
 */
export class TransactionStatusError extends BaseError {
  override name = 'TransactionStatusError'
  override readonly code = 'transaction_status_error'
  /** HTTP status when the portal answered, else undefined. */
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number } = {}) {
    super('Failed to fetch transaction status', parameters)
    this.status = parameters.status
  }
}
