import { BaseError } from '../BaseError.js'

/**
 * No transaction hash appeared on the Developer Portal within the timeout.
 *
 * @example
 * ```ts
 * await waitForTransactionHash({ transactionId, appId, timeout: 60_000 }).catch((error: unknown) => {
 *   if (error instanceof TransactionStatusTimeoutError) console.log(error.timeout) // 60000
 *   throw error
 * })
 * ```
 */
export class TransactionStatusTimeoutError extends BaseError {
  override name = 'TransactionStatusTimeoutError'
  override readonly code = 'transaction_status_timeout'
  readonly timeout: number
  constructor(transactionId: string, timeout: number) {
    super('Timed out waiting for the transaction hash', {
      details: `Transaction ${transactionId} had no hash after ${timeout} ms.`,
      docsPath: '#transactionstatustimeouterror',
    })
    this.timeout = timeout
  }
}

/** {@link TransactionStatusTimeoutError}, with its name as a literal so a union of error types narrows on `name`. */
export type TransactionStatusTimeoutErrorType = TransactionStatusTimeoutError & { name: 'TransactionStatusTimeoutError' }
