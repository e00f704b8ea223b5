import { BaseError } from './BaseError.js'

/**
 * Parent of the 2.x command errors raised when World App answers a command
 * with an error (`PayError`, `ChatError` …). The official 2.x classes carry
 * World App's `error_code` as `code` (pay, share contacts) or as
 * `error_code` (the others); ours carry both, so a check written for either
 * official class works unchanged, and `code` stays safe to switch on.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.chat({ message: 'Meet at the mill?' })
 * } catch (error) {
 *   if (error instanceof CommandReplyError && error.code === 'user_rejected') return
 * }
 * ```
 */
export class CommandReplyError extends BaseError {
  override name = 'CommandReplyError'
  // World App's error code, not a constant: the official classes carry it.
  override readonly code: string
  /** World App's error code (the official field of every 2.x command error but `PayError` and `ShareContactsError`). */
  readonly error_code: string
  /**
   * @param failed What failed, as the official message starts (`Payment failed`).
   * @param code World App's `error_code`.
   * @param docsPath README heading of this error.
   * @param details World App's own text about the failure, when it sends one.
   */
  constructor(failed: string, code: string, docsPath: string, details?: string) {
    super(`${failed}: ${code}`, { docsPath, details })
    this.code = code
    this.error_code = code
  }
}
