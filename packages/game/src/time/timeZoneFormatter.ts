import { InvalidTimeZoneError } from '../errors/InvalidTimeZoneError.js'

/** How many zones keep a formatter: a server sees a handful at a time, and a flood of zones cannot grow memory. */
export const FORMATTER_CACHE_SIZE = 64

// Built lazily, one per zone: constructing an Intl.DateTimeFormat costs far
// more than formatting with it, and a collect formats on every call.
const formatters = new Map<string, Intl.DateTimeFormat>()

/** What a formatter gives: the date, or the date and the 24-hour clock. */
export type FormatterParts = 'date' | 'clock'

/**
 * A cached `Intl.DateTimeFormat` giving the Gregorian year, month and day in
 * `timeZone` (and, for `'clock'`, the hour 0–23, minute and second), built on
 * first use; the least recently used one is dropped beyond
 * {@link FORMATTER_CACHE_SIZE}.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a zone this runtime knows.
 *
 * @example
 * ```ts
 * timeZoneFormatter('Asia/Singapore').formatToParts(Date.now())
 * ```
 */
export function timeZoneFormatter(timeZone: string, parts: FormatterParts = 'date'): Intl.DateTimeFormat {
  const key = parts === 'date' ? timeZone : `${timeZone}|clock`
  const cached = formatters.get(key)
  if (cached) {
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    formatters.delete(key)
    formatters.set(key, cached)
    return cached
  }
  let formatter: Intl.DateTimeFormat
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(parts === 'clock' ? { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } : {}),
    })
  } catch (cause) {
    throw new InvalidTimeZoneError({ cause, details: timeZone.slice(0, 64) })
  }
  formatters.set(key, formatter)
  if (formatters.size > FORMATTER_CACHE_SIZE) formatters.delete(formatters.keys().next().value as string)
  return formatter
}

/** Test seam: how many formatters are cached. */
export function cachedFormatterCount(): number {
  return formatters.size
}
