import { isLocale, type Locale, matchLocale } from '@worldmap/game'

/**
 * The cookie holding the language the player chose on the profile screen
 * (one of LOCALES); absent means "Automatic": World App's own language.
 */
export const LANGUAGE_COOKIE = 'worldmap-lang'

/** A year: a choice of language is not something to ask again soon. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600

/**
 * The chosen language in a `Cookie` header, if any and if one WorldMap speaks.
 *
 * @example
 * ```ts
 * languageCookieOf('a=1; worldmap-lang=pt-BR') // 'pt-BR'
 * ```
 */
export function languageCookieOf(cookieHeader: string | null | undefined): Locale | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== LANGUAGE_COOKIE) continue
    const value = part.slice(separator + 1).trim()
    return isLocale(value) ? value : undefined
  }
  return undefined
}

/**
 * The language of a page request: the player's choice (the
 * {@link LANGUAGE_COOKIE} cookie), else the request's `Accept-Language`
 * (World App's webview sends the app's language), else English.
 *
 * @example
 * ```ts
 * localeOfRequest({ cookie: undefined, acceptLanguage: 'es-MX,es;q=0.9' }) // 'es'
 * ```
 */
export function localeOfRequest(headers: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  return languageCookieOf(headers.cookie) ?? matchLocale(headers.acceptLanguage)
}
