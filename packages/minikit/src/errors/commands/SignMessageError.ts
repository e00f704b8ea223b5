import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `signMessage` rejects with this when World App answers with an error
 * ( 'I found a golden drop' }:the person declined, an invalid message …). `error_code` (the official field) and `code` are World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.signMessage({ message)
 * } catch (error) {
 *   if (error instanceof SignMessageError && error.error_code === 'user_rejected') return
 * }
 * ```
 */
export class SignMessageError extends CommandReplyError {
  override name = 'SignMessageError'
  constructor(code: string, details?: string) {
    super('Sign message failed', code, '#signmessageerror', details)
  }
}

/** {@link SignMessageError}, with its name as a literal so a union of error types narrows on `name`. */
export type SignMessageErrorType = SignMessageError & { name: 'SignMessageError' }
