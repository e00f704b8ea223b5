import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal refused the credentials: 401 (no key), 403 `invalid_api_key` or `invalid_app`. A configuration problem: the run stops.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationAuthError) console.log(error.code) // 'invalid_api_key'
 * ```
 */
export class NotificationAuthError extends NotificationError {
  override name = 'NotificationAuthError'
  override readonly code = 'invalid_api_key'

  constructor(parameters: NotificationErrorParameters = {}) {
    super('The Developer Portal refused the API key or the app id.', parameters)
  }
}
