import { NotificationError, type NotificationErrorParameters } from './NotificationError.js'

/**
 * The portal refused with 400 `paused`: World pauses an app's notifications when too few are opened. The run stops; sending resumes when World lifts the pause.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationsPausedError) console.log(error.code) // 'paused'
 * ```
 */
export class NotificationsPausedError extends NotificationError {
  override name = 'NotificationsPausedError'
  override readonly code = 'paused'

  constructor(parameters: NotificationErrorParameters = {}) {
    super("World paused this app's notifications (too few were opened).", parameters)
  }
}
