import { BaseError } from '../BaseError.js'

/**
 * The Developer Portal reports the MiniKit transaction as `failed`: it never
 * reached the chain, so there is no hash to wait for.
 *
 * @example
 * ```ts
 * const hash = await waitForTransactionHash({ transactionId, appId }).catch((error: unknown) => {
 *   if (error instanceof TransactionFailedError) console.log(error.transactionId)
 *   throw error
 * })
 * ```
 */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  override readonly code = 'transaction_failed'
  readonly transactionId: string
  constructor(transactionId: string) {
    super('Transaction failed', {
      details: `The Developer Portal reports transaction ${transactionId} as failed.`,
      docsPath: '#transactionfailederror',
    })
    this.transactionId = transactionId
  }
}

/** {@link TransactionFailedError}, with its name as a literal so a union of error types narrows on `name`. */
export type TransactionFailedErrorType = TransactionFailedError & { name: 'TransactionFailedError' }
