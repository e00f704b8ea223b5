import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `shareContacts` (and `getContacts`) rejects with this when World App answers with an error (the person closed the picker …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.shareContacts({ isMultiSelectEnabled: true })
 * } catch (error) {
 *   if (error instanceof ShareContactsError) console.log(error.code)
 * }
 * ```
 */
export class ShareContactsError extends CommandReplyError {
  override name = 'ShareContactsError'
  constructor(code: string, details?: string) {
    super('Share contacts failed', code, '#sharecontactserror', details)
  }
}

/** {@link ShareContactsError}, with its name as a literal so a union of error types narrows on `name`. */
export type ShareContactsErrorType = ShareContactsError & { name: 'ShareContactsError' }
