import { type Catalogue, DEFAULT_LOCALE } from '@worldmap/game'
import { createContext } from 'react'
import type { I18n } from './messages.js'

// The catalogue components read when no provider is above them. Empty in the
// app (the layout always provides one, so keys would show); test/setup.ts
// sets the English one so components render in English without a provider.
let fallback: I18n = { locale: DEFAULT_LOCALE, messages: {} }

/**
 * Test seam: the language of components rendered without an `I18nProvider`.
 *
 * @example
 * ```ts
 * provideFallbackCatalogue({ locale: 'en', messages: en })
 * ```
 */
export function provideFallbackCatalogue(i18n: { locale: I18n['locale']; messages: Catalogue }): void {
  fallback = i18n
}

/** @internal The fallback, read lazily so that a seam set after import still applies. */
export function fallbackI18n(): I18n {
  return fallback
}

/** The active language and catalogue; `null` means "use the fallback". */
export const I18nContext = createContext<I18n | null>(null)
