import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `sendHapticFeedback` rejects with this when World App answers with an error. `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.sendHapticFeedback({ hapticsType: 'impact', style: 'light' })
 * } catch (error) {
 *   if (error instanceof SendHapticFeedbackError) console.log(error.code)
 * }
 * ```
 */
export class SendHapticFeedbackError extends CommandReplyError {
  override name = 'SendHapticFeedbackError'
  constructor(code: string, details?: string) {
    super('Send haptic feedback failed', code, '#sendhapticfeedbackerror', details)
  }
}

/** {@link SendHapticFeedbackError}, with its name as a literal so a union of error types narrows on `name`. */
export type SendHapticFeedbackErrorType = SendHapticFeedbackError & { name: 'SendHapticFeedbackError' }
