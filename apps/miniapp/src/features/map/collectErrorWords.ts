import { formatMessage, type Locale } from '@worldmap/game'
import { type collectDropContract, isRefusalCode, REFUSALS, type RefusalOf } from '@worldmap/game/contract'
import { mapEn } from '../../lib/i18n/catalogues/en/map.js'
import type { Translate } from '../../lib/i18n/index.js'
import type { CollectDropError, CollectDropErrorCode } from './CollectDropError.js'
import { waitWords } from './waitWords.js'

type CollectRefusal = RefusalOf<typeof collectDropContract>
/** The collect refusals that lift with time (`REFUSALS[code].retryAfter`): their words may name the wait. */
type WaitingRefusal = {
  [code in CollectRefusal]: (typeof REFUSALS)[code]['retryAfter'] extends true ? code : never
}[CollectRefusal]

const liftsWithTime = (code: CollectDropErrorCode): code is WaitingRefusal => isRefusalCode(code) && REFUSALS[code].retryAfter

/**
 * The catalogue key of a failed collect's words: `map.error.{code}`, or its
 * `…Wait` form when the refusal lifts with time (`REFUSALS`) and the server
 * named the wait. The one rule the sheet's words and the error's English follow.
 */
function wordsKeyOf(code: CollectDropErrorCode, wait: string | null) {
  return wait !== null && liftsWithTime(code) ? (`map.error.${code}Wait` as const) : (`map.error.${code}` as const)
}

/**
 * What the sheet says about a failed collect, in the player's language: the
 * words of its code, with the server's wait when it named one (the refusals
 * that lift with time).
 *
 * @example
 * ```ts
 * collectErrorWords(t, 'es', new CollectDropError('rate_limited', { retryAfterMs: 90_000 }))
 * // 'Estás recogiendo muy rápido. Inténtalo de nuevo en 2 min.'
 * ```
 */
export function collectErrorWords(t: Translate, locale: Locale, error: CollectDropError): string {
  const wait = waitWords(error.retryAfterMs, locale)
  const key = wordsKeyOf(error.code, wait)
  return wait !== null && key.endsWith('Wait')
    ? t(key as `map.error.${WaitingRefusal}Wait`, { wait })
    : t(key as 'map.error.unknown')
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
export function collectErrorEnglish(code: CollectDropErrorCode, wait: string | null): string {
  return formatMessage(mapEn[wordsKeyOf(code, wait)], wait === null ? {} : { wait }, 'en')
}
