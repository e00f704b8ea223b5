import { formatDate } from '../../lib/format/formatDate.js'
import { formatTimeUntil } from './formatTimeUntil.js'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The leaderboard's week in words. */
export interface WeekWords {
  /** `Week of Nov 23, 2026`: the UTC day the week began. */
  label: string
  /** `Resets Monday 00:00 UTC · in 2 days`; `Resetting now…` once it has ended. */
  resets: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The week's label and reset line. The boundary is stated in UTC, as the
 * server counts it, so players in every zone read the same moment; the
 * "in 2 days" part is from the device clock. The start date goes through
 * the app's one date format: shifting it to local midnight of its UTC
 * calendar day keeps a player west of Greenwich from reading Sunday.
 *
 * @example
 * ```ts
 * describeWeek({ startsAt: Date.UTC(2026, 10, 23), endsAt: Date.UTC(2026, 10, 30) }, Date.UTC(2026, 10, 28))
 * // { label: 'Week of Nov 23, 2026', resets: 'Resets Monday 00:00 UTC · in 2 days' }
 * ```
 */
export function describeWeek(week: { startsAt: number; endsAt: number }, now: number): WeekWords {
  const start = new Date(week.startsAt)
  const end = new Date(week.endsAt)
  const until = formatTimeUntil(week.endsAt - now)
  const boundary = `${WEEKDAYS[end.getUTCDay()]} ${pad(end.getUTCHours())}:${pad(end.getUTCMinutes())} UTC`
  return {
    label: `Week of ${formatDate(new Date(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()).getTime())}`,
    resets: until ? `Resets ${boundary} · ${until}` : 'Resetting now…',
  }
}
