import { BaseError } from '@worldmap/minikit'

/**
 * No transaction hash appeared on the Developer Portal within the timeout.
 *
 * @example
 * ```ts
 * const { error } = useWaitForTransactionReceipt({ transactionId, appId, timeout: 60_000 })
 * if (error instanceof TransactionStatusTimeoutError) console.log(error.timeout) // 60000
 * ```
 */
export class TransactionStatusTimeoutError extends BaseError {
  override name = 'TransactionStatusTimeoutError'
  override readonly code = 'transaction_status_timeout'
  readonly timeout: number
  constructor(transactionId: string, timeout: number) {
    super('Timed out waiting for the transaction hash', {
      details: `Transaction ${transactionId} had no hash after ${timeout} ms.`,
    })
    this.timeout = timeout
  }
}
