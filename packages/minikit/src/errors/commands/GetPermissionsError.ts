import { CommandReplyError } from '../CommandReplyError.js'

/**
 * The 2.x `getPermissions` rejects with this when World App cannot read the permissions. `code` (and `error_code`) is World App's error code.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.getPermissions()
 * } catch (error) {
 *   if (error instanceof GetPermissionsError) console.log(error.code)
 * }
 * ```
 */
export class GetPermissionsError extends CommandReplyError {
  override name = 'GetPermissionsError'
  constructor(code: string, details?: string) {
    super('Get permissions failed', code, '#getpermissionserror', details)
  }
}

/** {@link GetPermissionsError}, with its name as a literal so a union of error types narrows on `name`. */
export type GetPermissionsErrorType = GetPermissionsError & { name: 'GetPermissionsError' }
