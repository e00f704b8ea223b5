import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal refused with 400 `unverified_app_limit_reached`: an unverified app may send 40 notifications per 4 hours. The run stops (every later request would be refused too) and releases its unsent claims.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationLimitReachedError) console.log(error.code) // 'unverified_app_limit_reached'
 * ```
 */
export class NotificationLimitReachedError extends NotificationError {
  override name = 'NotificationLimitReachedError'
  override readonly code = 'unverified_app_limit_reached'

  constructor(parameters: NotificationErrorParameters = {}) {
    super('The app has used its notification allowance (unverified apps: 40 per 4 hours).', parameters)
  }
}
