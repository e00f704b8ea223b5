import type { Locale } from '@worldmap/game'
import { formatDate } from '../../lib/format/formatDate.js'
import type { Translate } from '../../lib/i18n/index.js'
import { formatTimeUntil } from './formatTimeUntil.js'

/** The leaderboard's week in words. */
export interface WeekWords {
  /** `Week of Nov 23, 2026`: the UTC day the week began. */
  label: string
  /** `Resets Monday 00:00 UTC · in 2 days`; `Resetting now…` once it has ended. */
  resets: string
}

// One per language: building Intl formats costs far more than using them.
const boundaryFormats = new Map<Locale, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>()

function boundaryFormatFor(locale: Locale) {
  let formats = boundaryFormats.get(locale)
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
      // 24-hour, as the language writes it (00:00, 00.00 in Indonesian).
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
    }
    boundaryFormats.set(locale, formats)
  }
  return formats
}

/**
 * The week's label and reset line, in the player's language. The boundary is
 * stated in UTC, as the server counts it, so players in every zone read the
 * same moment; the "in 2 days" part is from the device clock. The start date
 * goes through the app's one date format: shifting it to local midnight of
 * its UTC calendar day keeps a player west of Greenwich from reading Sunday.
 *
 * @example
 * ```ts
 * describeWeek({ startsAt: Date.UTC(2026, 10, 23), endsAt: Date.UTC(2026, 10, 30) }, Date.UTC(2026, 10, 28), t, 'en')
 * // { label: 'Week of Nov 23, 2026', resets: 'Resets Monday 00:00 UTC · in 2 days' }
 * ```
 */
export function describeWeek(week: { startsAt: number; endsAt: number }, now: number, t: Translate, locale: Locale): WeekWords {
  const start = new Date(week.startsAt)
  const until = formatTimeUntil(week.endsAt - now, t)
  const boundary = boundaryFormatFor(locale)
  const date = formatDate(new Date(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()).getTime(), locale)
  return {
    label: t('leaderboard.weekOf', { date }),
    resets: until
      ? t('leaderboard.resets', { day: boundary.day.format(week.endsAt), time: boundary.time.format(week.endsAt), until })
      : t('leaderboard.resettingNow'),
  }
}
