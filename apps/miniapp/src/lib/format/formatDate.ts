// One date format for the whole app (issue 12: "one date format"): every
// screen that shows when something happened goes through here, so a find on
// the book, the detail, the share card and home reads the same way.
const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' })
const dayTimeFormat = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * A day, e.g. `Nov 23, 2026`, in the device's time zone.
 *
 * @example
 * ```ts
 * formatDate(item.collectedAt) // 'Nov 23, 2026'
 * ```
 */
export function formatDate(at: number): string {
  return dayFormat.format(at)
}

/**
 * A day and a time, e.g. `Nov 23, 2026, 9:41 PM`, in the device's time zone.
 *
 * @example
 * ```ts
 * formatDateTime(item.collectedAt) // 'Nov 23, 2026, 9:41 PM'
 * ```
 */
export function formatDateTime(at: number): string {
  return dayTimeFormat.format(at)
}
