import { BaseError, type BaseErrorParameters } from '@worldmap/game'

/** Stable codes of the notification family: the Developer Portal's error codes, and ours. */
export type NotificationErrorCode =
  | 'notification_error'
  | 'unverified_app_limit_reached'
  | 'paused'
  | 'not_allowed'
  | 'invalid_api_key'
  | 'notification_rejected'
  | 'notification_api_unavailable'

/**
 * Root of the streak-nudge sender's errors (a WorldMap {@link BaseError}):
 * why the Developer Portal did not take a send-notification request. `code`
 * is stable; `status` is the HTTP status when there was one. Never carries
 * the API key.
 *
 * @example
 * ```ts
 * if (error instanceof NotificationError && error.stopsRun) logError('streak nudges stopped', { code: error.code })
 * ```
 */
export class NotificationError extends BaseError {
  override name = 'NotificationError'
  override readonly code: NotificationErrorCode = 'notification_error'
  /** HTTP status of the portal's answer; `undefined` when none came (network failure). */
  readonly status: number | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters & { status?: number } = {}) {
    const { status, ...base } = parameters
    super(shortMessage, base)
    this.status = status
  }
}

/** Parameters of the family's subclasses. */
export type NotificationErrorParameters = BaseErrorParameters & { status?: number }
