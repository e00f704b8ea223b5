// One date format for the whole app (issue 12: "one date format"): every
// screen that shows when something happened goes through here, so a find on
// the book, the detail, the share card and home reads the same way — in the
// player's language when one is given (issue 24), English otherwise.
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' }

// Building an Intl.DateTimeFormat costs far more than using one: one per language and shape.
const formats = new Map<string, Intl.DateTimeFormat>()

function formatFor(locale: string, shape: 'day' | 'dayTime'): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, shape === 'day' ? DAY : DAY_TIME)
    formats.set(key, format)
  }
  return format
}

/**
 * A day, e.g. `Nov 23, 2026` (`23 nov 2026` in Spanish), in the device's time zone.
 *
 * @example
 * ```ts
 * formatDate(item.collectedAt) // 'Nov 23, 2026'
 * formatDate(item.collectedAt, 'es') // '23 nov 2026'
 * ```
 */
export function formatDate(at: number, locale = 'en'): string {
  return formatFor(locale, 'day').format(at)
}

/**
 * A day and a time, e.g. `Nov 23, 2026, 9:41 PM`, in the device's time zone.
 *
 * @example
 * ```ts
 * formatDateTime(item.collectedAt) // 'Nov 23, 2026, 9:41 PM'
 * formatDateTime(item.collectedAt, 'id') // '23 Nov 2026, 21.41'
 * ```
 */
export function formatDateTime(at: number, locale = 'en'): string {
  return formatFor(locale, 'dayTime').format(at)
}
