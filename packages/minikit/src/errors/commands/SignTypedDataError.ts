import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `signTypedData` rejects with this when World App answers with an error
 * ( 'Drop', message: { id: 'drop-1' } }:the person declined, a disallowed contract …). `error_code` (the official field) and `code` are World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.signTypedData({ types, primaryType)
 * } catch (error) {
 *   if (error instanceof SignTypedDataError && error.error_code === 'user_rejected') return
 * }
 * ```
 */
export class SignTypedDataError extends CommandReplyError {
  override name = 'SignTypedDataError'
  constructor(code: string, details?: string) {
    super('Sign typed data failed', code, '#signtypeddataerror', details)
  }
}

/** {@link SignTypedDataError}, with its name as a literal so a union of error types narrows on `name`. */
export type SignTypedDataErrorType = SignTypedDataError & { name: 'SignTypedDataError' }
