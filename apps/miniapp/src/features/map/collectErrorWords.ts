import type { Locale } from '@worldmap/game'
import type { Translate } from '../../lib/i18n/index.js'
import type { CollectDropError } from './CollectDropError.js'
import { waitWords } from './waitWords.js'

/**
 * What the sheet says about a failed collect, in the player's language: the
 * words of its code, with the server's wait when it named one (the two
 * refusals that lift with time).
 *
 * @example
 * ```ts
 * collectErrorWords(t, 'es', new CollectDropError('rate_limited', { retryAfterMs: 90_000 }))
 * // 'Estás recogiendo muy rápido. Inténtalo de nuevo en 2 min.'
 * ```
 */
export function collectErrorWords(t: Translate, locale: Locale, error: CollectDropError): string {
  const wait = waitWords(error.retryAfterMs, locale)
  if (error.code === 'rate_limited') return wait ? t('map.error.rate_limitedWait', { wait }) : t('map.error.rate_limited')
  if (error.code === 'impossible_travel')
    return wait ? t('map.error.impossible_travelWait', { wait }) : t('map.error.impossible_travel')
  return t(`map.error.${error.code}`)
}
