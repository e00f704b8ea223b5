import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal rejected the request itself (400 validation, 404): a bug on our side (a title too long, a bad address), never retried. `details` names the portal's `code` and `attribute`.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationRejectedError) console.log(error.code) // 'notification_rejected'
 * ```
 */
export class NotificationRejectedError extends NotificationError {
  override name = 'NotificationRejectedError'
  override readonly code = 'notification_rejected'

  constructor(parameters: NotificationErrorParameters = {}) {
    super('The Developer Portal rejected the notification request.', parameters)
  }
}
