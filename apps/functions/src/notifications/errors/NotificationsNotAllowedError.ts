import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal refused with 400 `not_allowed` (the app is not allowed to send notifications, e.g. not enabled in the Developer Portal). The run stops.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationsNotAllowedError) console.log(error.code) // 'not_allowed'
 * ```
 */
export class NotificationsNotAllowedError extends NotificationError {
  override name = 'NotificationsNotAllowedError'
  override readonly code = 'not_allowed'

  constructor(parameters: NotificationErrorParameters = {}) {
    super('The app may not send notifications.', parameters)
  }
}
