import { formatMessage } from '@worldmap/game'
import { collectDropContract, isRefusalCode, REFUSALS, type RefusalOf } from '@worldmap/game/contract'
import { WaitingCodedError, type WaitingCodedErrorOptions } from '../../lib/errors/WaitingCodedError.js'
import { mapEn } from '../../lib/i18n/catalogues/en/map.js'

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

type CollectRefusal = RefusalOf<typeof collectDropContract>
/** The collect refusals that lift with time (`REFUSALS[code].retryAfter`): their words may name the wait. */
export type WaitingRefusal = {
  [code in CollectRefusal]: (typeof REFUSALS)[code]['retryAfter'] extends true ? code : never
}[CollectRefusal]

const liftsWithTime = (code: CollectDropErrorCode): code is WaitingRefusal => isRefusalCode(code) && REFUSALS[code].retryAfter

/**
 * The catalogue key of a failed collect's words: `map.error.{code}`, or its
 * `…Wait` form when the refusal lifts with time (`REFUSALS`) and the server
 * named the wait. The one rule the sheet's words and the error's English follow.
 *
 * @example
 * ```ts
 * collectErrorWordsKey('rate_limited', '2 min') // 'map.error.rate_limitedWait'
 * ```
 */
export function collectErrorWordsKey(code: CollectDropErrorCode, wait: string | null) {
  return wait !== null && liftsWithTime(code) ? (`map.error.${code}Wait` as const) : (`map.error.${code}` as const)
}

/**
 * A failed collect's English words, from the English catalogue (the error's
 * `message`, for logs): `wait` already in words, or `null`.
 *
 * @example
 * ```ts
 * collectErrorEnglish('rate_limited', '2 min') // "You're collecting very fast. Try again in 2 min."
 * ```
 */
function collectErrorEnglish(code: CollectDropErrorCode, wait: string | null): string {
  return formatMessage(mapEn[collectErrorWordsKey(code, wait)], wait === null ? {} : { wait }, 'en')
}

/** Every {@link CollectDropErrorCode}: the row's refusals, then the client's own. */
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
