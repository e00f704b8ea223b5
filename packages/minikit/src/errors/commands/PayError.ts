import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `pay` rejects with this when World App answers the payment with an error (the person cancelled, too little balance …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.pay({ reference, to, tokens, description })
 * } catch (error) {
 *   if (error instanceof PayError) console.log(error.code)
 * }
 * ```
 */
export class PayError extends CommandReplyError {
  override name = 'PayError'
  constructor(code: string, details?: string) {
    super('Payment failed', code, '#payerror', details)
  }
}

/** {@link PayError}, with its name as a literal so a union of error types narrows on `name`. */
export type PayErrorType = PayError & { name: 'PayError' }
