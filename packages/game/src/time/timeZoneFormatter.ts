import { InvalidTimeZoneError } from '../errors/InvalidTimeZoneError.js'

/** How many zones keep a formatter: a server sees a handful at a time, and a flood of zones cannot grow memory. */
export const FORMATTER_CACHE_SIZE = 64

// Built lazily, one per zone: constructing an Intl.DateTimeFormat costs far
// more than formatting with it, and a collect formats on every call.
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A cached `Intl.DateTimeFormat` giving the Gregorian year, month and day in
 * `timeZone`, built on first use; the least recently used one is dropped
 * beyond {@link FORMATTER_CACHE_SIZE}.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a zone this runtime knows.
 *
 * @example
 * ```ts
 * timeZoneFormatter('Asia/Singapore').formatToParts(Date.now())
 * ```
 */
export function timeZoneFormatter(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone)
  if (cached) {
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    formatters.delete(timeZone)
    formatters.set(timeZone, cached)
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
    })
  } catch (cause) {
    throw new InvalidTimeZoneError({ cause, details: timeZone.slice(0, 64) })
  }
  formatters.set(timeZone, formatter)
  if (formatters.size > FORMATTER_CACHE_SIZE) formatters.delete(formatters.keys().next().value as string)
  return formatter
}

/** Test seam: how many formatters are cached. */
export function cachedFormatterCount(): number {
  return formatters.size
}
