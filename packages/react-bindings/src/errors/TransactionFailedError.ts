import { BaseError } from '@worldmap/minikit'

/**
 * The Developer Portal reports the MiniKit transaction as `failed`: it never
 * reached the chain, so there is no hash to wait for.
 *
 * @example
 * ```ts
 * const { error } = useWaitForTransactionReceipt({ transactionId, appId })
 * if (error instanceof TransactionFailedError) console.log(error.transactionId)
 * ```
 */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  override readonly code = 'transaction_failed'
  readonly transactionId: string
  constructor(transactionId: string) {
    super('Transaction failed', { details: `The Developer Portal reports transaction ${transactionId} as failed.` })
    this.transactionId = transactionId
  }
}
