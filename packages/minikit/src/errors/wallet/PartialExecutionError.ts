import { BaseError } from '../BaseError.js'

/**
 * Raised by the wagmi web fallback's `sendTransaction` when a call of a
 * batch fails after earlier calls were already sent: those cannot be taken
 * back, so `submitted` lists their transaction hashes and `cause` keeps the
 * failure. Never retried and never handed to a `fallback` (that would send
 * the first calls twice), as official 2.x does.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.sendTransaction({ chainId: 480, transactions: [approve, swap] })
 * } catch (error) {
 *   if (error instanceof PartialExecutionError) reportStuckApproval(error.submitted)
 * }
 * ```
 */
export class PartialExecutionError extends BaseError {
  override name = 'PartialExecutionError'
  override readonly code = 'partial_execution'
  /**
   * @param failedIndex Zero-based index of the call that failed.
   * @param total Calls in the batch.
   * @param submitted Hashes of the calls already sent.
   */
  constructor(failedIndex: number, total: number, submitted: readonly `0x${string}`[], cause: unknown) {
    super(
      `Transaction ${failedIndex + 1}/${total} failed after ${submitted.length} transaction(s) were already sent; check them before retrying`,
      { docsPath: '#partialexecutionerror', cause },
    )
    this.submitted = submitted
  }
  declare readonly submitted: readonly `0x${string}`[]
}

/** {@link PartialExecutionError}, with its name as a literal so a union of error types narrows on `name`. */
export type PartialExecutionErrorType = PartialExecutionError & { name: 'PartialExecutionError' }
