import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal answered 429 or 5xx, or not at all, on every try of the bounded retry. The run stops and releases its unsent claims; the next run catches up.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationApiUnavailableError) console.log(error.code) // 'notification_api_unavailable'
 * ```
 */
export class NotificationApiUnavailableError extends NotificationError {
  override name = 'NotificationApiUnavailableError'
  override readonly code = 'notification_api_unavailable'

  constructor(parameters: NotificationErrorParameters = {}) {
    super('The Developer Portal did not answer the notification request.', parameters)
  }
}
