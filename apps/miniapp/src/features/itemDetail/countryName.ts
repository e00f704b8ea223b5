import type { Locale } from '@worldmap/game'

// One DisplayNames per language, made on first use (never at module load: the server renders too).
const namers = new Map<Locale, Intl.DisplayNames | null>()

function namerFor(locale: Locale): Intl.DisplayNames | null {
  let namer = namers.get(locale)
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
    } catch {
      namer = null
    }
    namers.set(locale, namer)
  }
  return namer
}

/**
 * A country's name in the player's language, from its ISO 3166-1 code (the
 * platform's own CLDR names, so no catalogue of 200 countries ships with the
 * app): "Malaysia", "Malasia", "Malásia". Falls back to English, then to the
 * code, where the platform has no name for it.
 *
 * @example
 * ```ts
 * countryName('MY', 'pt-BR') // 'Malásia'
 * countryName('ID', 'id') // 'Indonesia'
 * ```
 */
export function countryName(code: string, locale: Locale): string {
  return namerFor(locale)?.of(code) ?? (locale === 'en' ? undefined : namerFor('en')?.of(code)) ?? code
}
