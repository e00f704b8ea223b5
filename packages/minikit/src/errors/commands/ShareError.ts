import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `share` rejects with this when the share sheet ends in an error (the person closed it …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.share({ text: 'I found the golden compass' })
 * } catch (error) {
 *   if (error instanceof ShareError) console.log(error.code)
 * }
 * ```
 */
export class ShareError extends CommandReplyError {
  override name = 'ShareError'
  constructor(code: string, details?: string) {
    super('Share failed', code, '#shareerror', details)
  }
}

/** {@link ShareError}, with its name as a literal so a union of error types narrows on `name`. */
export type ShareErrorType = ShareError & { name: 'ShareError' }
