/**
 * The languages WorldMap speaks, as BCP-47 tags: English, Spanish, Portuguese
 * (Brazil) and Indonesian. Every catalogue has exactly these languages.
 *
 * @example
 * ```ts
 * LOCALES.includes('es') // true
 * ```
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'id'] as const

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number]

/** The language of a player whose preferences name none WorldMap speaks. */
export const DEFAULT_LOCALE: Locale = 'en'

/**
 * Whether `value` is exactly one of {@link LOCALES} (a cookie or a stored choice, already matched).
 *
 * @example
 * ```ts
 * isLocale('pt-BR') // true
 * isLocale('pt') // false: run matchLocale first
 * ```
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The World Developer Portal's notification `localisations[].language` code per locale. */
const PORTAL_LANGUAGES = { en: 'en', es: 'es', 'pt-BR': 'pt', id: 'id' } as const satisfies Record<Locale, string>

/** A language code of the Developer Portal's send-notification `localisations`. */
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[Locale]

/**
 * The Developer Portal's notification language for a locale: the portal names
 * languages by their primary subtag only (`pt`, not `pt-BR`).
 *
 * @example
 * ```ts
 * LOCALES.map((locale) => ({ language: portalLanguageOf(locale), title: t(locale, 'notify.title') }))
 * portalLanguageOf('pt-BR') // 'pt'
 * ```
 */
export function portalLanguageOf(locale: Locale): PortalLanguage {
  return PORTAL_LANGUAGES[locale]
}
