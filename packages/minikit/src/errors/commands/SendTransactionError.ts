import { BaseError, type BaseErrorParameters } from '../BaseError.js'

// BaseError types `details` as text; the official SendTransactionError carries
// World App's details object there, so this class re-declares that one field.
const DetailsFreeBaseError = BaseError as unknown as new (
  shortMessage: string,
  parameters?: BaseErrorParameters,
) => Omit<BaseError, 'details'>

/**
 * The 2.x `sendTransaction` rejects with this when World App answers with an
 * error (the person declined, the simulation failed …), and before sending
 * when the batch is empty (`input_error`) or not for World Chain
 * (`invalid_operation`), as the official 2.x class does. `code` is the error
 * code; `details` World App's details object (or `{ reason }`).
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.sendTransaction({ chainId: 480, transactions: [{ to, data }] })
 * } catch (error) {
 *   if (error instanceof SendTransactionError && error.code === 'user_rejected') return
 * }
 * ```
 */
export class SendTransactionError extends DetailsFreeBaseError {
  override name = 'SendTransactionError'
  /** World App's error code (or `input_error` / `invalid_operation` for a batch refused before sending). */
  override readonly code: string
  /** World App's details, or `{ reason }` for a batch refused before sending. */
  readonly details: Record<string, unknown> | undefined
  constructor(code: string, details?: Record<string, unknown>) {
    const reason = typeof details?.reason === 'string' ? details.reason : undefined
    super(`Transaction failed: ${code}`, {
      docsPath: '#sendtransactionerror',
      metaMessages: reason ? [reason] : undefined,
    })
    this.code = code
    this.details = details
  }
}

/** {@link SendTransactionError}, with its name as a literal so a union of error types narrows on `name`. */
export type SendTransactionErrorType = SendTransactionError & { name: 'SendTransactionError' }
