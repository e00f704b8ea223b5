import { BaseError } from '@worldmap/minikit'

/**
 * The transaction was mined but reverted (`receipt.status === 'reverted'`).
 * The receipt is still returned by the hook.
 *
 * @example
 * ```ts
 * const { error, receipt } = useWaitForTransactionReceipt({ hash })
 * if (error instanceof TransactionRevertedError) console.log(receipt?.blockNumber)
 * ```
 */
export class TransactionRevertedError extends BaseError {
  override name = 'TransactionRevertedError'
  override readonly code = 'transaction_reverted'
  readonly hash: string
  constructor(hash: string) {
    super('Transaction reverted', { details: `Transaction ${hash} was mined but reverted.` })
    this.hash = hash
  }
}
