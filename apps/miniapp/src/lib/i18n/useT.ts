import type { Locale } from '@worldmap/game'
import { useContext, useMemo } from 'react'
import { fallbackI18n, I18nContext } from './I18nContext.js'
import { type I18n, type Translate, translatorFor } from './messages.js'

function useI18n(): I18n {
  return useContext(I18nContext) ?? fallbackI18n()
}

/**
 * The active language's `t(key, values)`, typed on the English catalogue's
 * keys and placeholders.
 *
 * @example
 * ```tsx
 * const t = useT()
 * return <p>{t('catch.points', { count: 5 })}</p>
 * ```
 */
export function useT(): Translate {
  const i18n = useI18n()
  return useMemo(() => translatorFor(i18n), [i18n])
}

/**
 * The active locale (for `Intl` formatting and the number helpers).
 *
 * @example
 * ```tsx
 * const locale = useLocale()
 * formatNumber(1234, locale) // '1,234' in English
 * ```
 */
export function useLocale(): Locale {
  return useI18n().locale
}
