import type { Catalogue, Locale } from '@worldmap/game'
import { type ReactNode, useMemo } from 'react'
import { I18nContext } from './I18nContext.js'

/**
 * Puts a language and its catalogue under `children`, for `useT()`.
 *
 * @example
 * ```tsx
 * <I18nProvider locale={pageContext.locale} messages={pageContext.messages}>{children}</I18nProvider>
 * ```
 */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Catalogue; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}
