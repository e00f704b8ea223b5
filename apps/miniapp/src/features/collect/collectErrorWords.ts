import type { Locale } from '@worldmap/game'
import type { Translate } from '../../lib/i18n/index.js'
import { waitWords } from '../drops/waitWords.js'
import { type CollectDropError, collectErrorWordsKey, type WaitingRefusal } from './CollectDropError.js'

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
  const key = collectErrorWordsKey(error.code, wait)
  return wait !== null && key.endsWith('Wait')
    ? t(key as `map.error.${WaitingRefusal}Wait`, { wait })
    : t(key as 'map.error.unknown')
}
