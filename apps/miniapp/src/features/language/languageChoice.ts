import type { Locale } from '@worldmap/game'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, languageCookieOf } from '../../lib/i18n/localeOfRequest.js'

/** The player's language choice: one of the locales, or `auto` (World App's language, no cookie). */
export type LanguageChoice = Locale | 'auto'

/**
 * Each language's name in itself (an endonym): the same in every catalogue
 * on purpose, so a player lost in a language they do not read finds theirs.
 */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  id: 'Bahasa Indonesia',
}

/**
 * The choice a `document.cookie` string holds.
 *
 * @example
 * ```ts
 * readLanguageChoice('worldmap-lang=es') // 'es'
 * readLanguageChoice('') // 'auto'
 * ```
 */
export function readLanguageChoice(cookies: string): LanguageChoice {
  return languageCookieOf(cookies) ?? 'auto'
}

/**
 * The `document.cookie` assignment that records a choice: the locale for a
 * year, or the cookie's removal for `auto`. `Secure` on https only: the local
 * stack serves plain http.
 *
 * @example
 * ```ts
 * languageChoiceCookie('id', true) // 'worldmap-lang=id; Path=/; Max-Age=31536000; SameSite=Lax; Secure'
 * ```
 */
export function languageChoiceCookie(choice: LanguageChoice, secure: boolean): string {
  const value = choice === 'auto' ? '' : choice
  const maxAge = choice === 'auto' ? 0 : LANGUAGE_COOKIE_MAX_AGE_SECONDS
  return `${LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}
