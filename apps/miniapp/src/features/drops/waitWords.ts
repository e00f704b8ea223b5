import type { Locale } from '@worldmap/game'
import { formatNumber } from '../../lib/i18n/index.js'

const unit = (value: number, name: 'second' | 'minute' | 'hour', locale: Locale) =>
  formatNumber(value, locale, { style: 'unit', unit: name, unitDisplay: 'short' })

/**
 * A server's wait (`retryAfterMs`) as the player's language writes it:
 * seconds under a minute, whole minutes (rounded up) under an hour, then
 * hours and minutes; `null` for no usable wait. The words `{wait}` of the
 * map's refusal messages.
 *
 * @example
 * ```ts
 * waitWords(90_000, 'en') // '2 min'
 * waitWords(3_900_000, 'es') // '1 h 5 min'
 * ```
 */
export function waitWords(ms: number | undefined, locale: Locale): string | null {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return null
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) return unit(seconds, 'second', locale)
  const minutes = Math.ceil(ms / 60_000)
  if (minutes < 60) return unit(minutes, 'minute', locale)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? unit(hours, 'hour', locale) : `${unit(hours, 'hour', locale)} ${unit(rest, 'minute', locale)}`
}
