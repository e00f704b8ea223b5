import { collectDropContract, type RefusalOf } from '@worldmap/game/contract'
import { WaitingCodedError, type WaitingCodedErrorOptions } from '../../lib/errors/WaitingCodedError.js'
import { collectErrorEnglish } from './collectErrorWords.js'

/**
 * Stable codes of {@link CollectDropError}: `collectDropContract`'s refusals
 * (the server's reasons) plus the client's own.
 */
export type CollectDropErrorCode =
  | RefusalOf<typeof collectDropContract>
  | 'network'
  | 'offline'
  | 'unavailable'
  | 'timeout'
  | 'unknown'

/** Every {@link CollectDropErrorCode}: the row's words keys, then the client's own. */
const CODES = [...collectDropContract.refusals, 'network', 'offline', 'unavailable', 'timeout', 'unknown'] as const

/**
 * The English of each code, from the English catalogue (one place for the
 * words): `wait` is the server's `retryAfterMs` as `formatWait` words
 * ("2 min"), or `null` when it sent none; only the refusals that lift with time use it.
 */
export const collectDropErrorMessages = Object.fromEntries(
  CODES.map((code) => [code, (wait: string | null) => collectErrorEnglish(code, wait)]),
) as Record<CollectDropErrorCode, (wait: string | null) => string>

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
