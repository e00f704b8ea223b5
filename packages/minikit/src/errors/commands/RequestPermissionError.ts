import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `requestPermission` rejects with this when World App answers with an error (the person declined, already granted …). `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.requestPermission({ permission: Permission.Notifications })
 * } catch (error) {
 *   if (error instanceof RequestPermissionError) console.log(error.code)
 * }
 * ```
 */
export class RequestPermissionError extends CommandReplyError {
  override name = 'RequestPermissionError'
  constructor(code: string, details?: string) {
    super('Request permission failed', code, '#requestpermissionerror', details)
  }
}

/** {@link RequestPermissionError}, with its name as a literal so a union of error types narrows on `name`. */
export type RequestPermissionErrorType = RequestPermissionError & { name: 'RequestPermissionError' }
