import type { collectDropContract } from '@worldmap/game/contract'
import { WaitingCodedError, type WaitingCodedErrorOptions } from '../../lib/errors/WaitingCodedError.js'

/**
 * Stable codes of {@link CollectDropError}: the words keys of
 * `collectDropContract`'s refusals (the server's reasons) plus the client's own.
 */
export type CollectDropErrorCode =
  | (typeof collectDropContract.refusals)[keyof typeof collectDropContract.refusals]
  | 'network'
  | 'offline'
  | 'unavailable'
  | 'timeout'
  | 'unknown'

/**
 * What the sheet shows for each code, in plain words. `wait` is the
 * server's `retryAfterMs` as `formatWait` words ("2 min"), or `null` when it
 * sent none; only the refusals that lift with time use it.
 */
export const collectDropErrorMessages: Record<CollectDropErrorCode, (wait: string | null) => string> = {
  unauthenticated: () => 'Sign in to collect drops.',
  not_verified: () => 'Verify you are human with World ID to collect drops.',
  invalid_request: () => 'Something went wrong with this drop. Try again.',
  invalid_location: () => 'Location is invalid.',
  drop_not_found: () => 'This drop does not exist.',
  already_collected: () => 'This drop has already been collected.',
  spot_already_found: () => 'You already found the drop here today — new spots appear tomorrow.',
  drop_expired: () => 'This drop has expired.',
  location_too_inaccurate: () => 'Your location is too inaccurate to collect drops.',
  out_of_reach: () => 'Move closer to collect this drop.',
  impossible_travel: (wait) =>
    `You moved too fast to collect here. ${wait ? `Try again in ${wait}.` : 'Try again once your location settles.'}`,
  rate_limited: (wait) => `You're collecting very fast. Try again in ${wait ?? 'a moment'}.`,
  network: () => "Couldn't reach the server. Try again.",
  offline: () => "You're offline. Your catch is saved and finishes by itself once you're back online.",
  unavailable: () => "The game server isn't answering right now. Try again in a moment.",
  timeout: () => 'This is taking longer than usual. Check your connection and try again.',
  unknown: () => 'Something went wrong. Try again.',
}

/** Options of {@link CollectDropError}: the underlying error, and how long until collecting can pass again (ms). */
export type CollectDropErrorOptions = WaitingCodedErrorOptions

/**
 * Collecting a drop failed. `code` is stable and safe to switch on; `message`
 * is the text the drop sheet shows (with the wait, when the server said how
 * long); `retryAfterMs` is that wait; `cause` keeps the underlying error.
 *
 * @example
 * ```ts
 * throw new CollectDropError('rate_limited', { cause: error, retryAfterMs: 90_000 })
 * // message: "You're collecting very fast. Try again in 2 min."
 * ```
 */
export class CollectDropError extends WaitingCodedError<CollectDropErrorCode> {
  override name = 'CollectDropError'
  constructor(code: CollectDropErrorCode, options: CollectDropErrorOptions = {}) {
    super(code, collectDropErrorMessages, options)
  }
}
