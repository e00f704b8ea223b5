import { type Locale, numberFormatFor } from '@worldmap/game'

// One formatter per locale and options: building Intl.NumberFormat costs far more than using it.
const formats = new Map<string, Intl.NumberFormat>()

function formatFor(locale: Locale, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  if (!options) return numberFormatFor(locale)
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/**
 * A number as the locale writes it (grouping, decimal sign), with optional `Intl.NumberFormat` options.
 *
 * @example
 * ```ts
 * formatNumber(12345, 'es') // '12.345'
 * formatNumber(0.5, 'pt-BR', { style: 'percent' }) // '50%'
 * ```
 */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return formatFor(locale, options).format(value)
}

/**
 * A distance in metres or kilometres, in the locale's units words: under a
 * kilometre in whole metres, from there in kilometres with one decimal.
 *
 * @example
 * ```ts
 * formatDistance(240, 'en') // '240 m'
 * formatDistance(1530, 'id') // '1,5 km'
 * ```
 */
export function formatDistance(meters: number, locale: Locale): string {
  if (meters < 999.5) return formatNumber(Math.round(meters), locale, { style: 'unit', unit: 'meter', unitDisplay: 'short' })
  return formatNumber(Math.round(meters / 100) / 10, locale, {
    style: 'unit',
    unit: 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  })
}
