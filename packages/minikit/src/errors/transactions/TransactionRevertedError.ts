import { BaseError } from '../BaseError.js'

/**
 * The transaction was mined but reverted (`receipt.status === 'reverted'`).
 * A receipt watcher keeps the receipt in its state next to this error.
 *
 * @example
 * ```ts
 * const { error, receipt } = watcher.getState()
 * if (error instanceof TransactionRevertedError) console.log(error.hash, receipt?.blockNumber)
 * ```
 */
export class TransactionRevertedError extends BaseError {
  override name = 'TransactionRevertedError'
  override readonly code = 'transaction_reverted'
  readonly hash: string
  constructor(hash: string) {
    super('Transaction reverted', {
      details: `Transaction ${hash} was mined but reverted.`,
      docsPath: '#transactionrevertederror',
    })
    this.hash = hash
  }
}

/** {@link TransactionRevertedError}, with its name as a literal so a union of error types narrows on `name`. */
export type TransactionRevertedErrorType = TransactionRevertedError & { name: 'TransactionRevertedError' }
