import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'

/** Stable codes of {@link NotificationSyncError}. */
export type NotificationSyncErrorCode =
  /** The call failed: offline, signed out, the server down or refusing. */
  | 'unavailable'
  /** The server answered something that is not a notification state. */
  | 'malformed_reply'
  /** The account changed its state too often this hour (`rate_limited`): the server keeps what it has. */
  | 'rate_limited'

/** What each code means, for logs (the screen shows its own translated words). */
const messages: Record<NotificationSyncErrorCode, string> = {
  unavailable: 'The streak reminder choice could not be saved.',
  malformed_reply: 'The server answered the streak reminder sync with something else.',
  rate_limited: 'The streak reminder choice changed too often this hour; the server keeps the last one saved.',
}

/**
 * Telling the server about the player's notifications (`syncNotifications`)
 * failed. `code` is stable; the profile says it in the player's language.
 *
 * @example
 * ```ts
 * throw new NotificationSyncError('malformed_reply', { cause: parsed.error })
 * ```
 */
export class NotificationSyncError extends CodedError<NotificationSyncErrorCode> {
  override name = 'NotificationSyncError'

  constructor(code: NotificationSyncErrorCode, options?: CodedErrorOptions) {
    super(code, messages, options)
  }
}
