import { assertTime } from './assertTime.js'
import { timeZoneFormatter } from './timeZoneFormatter.js'

/**
 * The calendar date at `time` in `timeZone`, as `YYYY-MM-DD`: the player's
 * local day, which streaks and the daily goal count in. Daylight saving is
 * the runtime's (ICU's) tz data.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a known zone.
 * @throws {InvalidTimeError} `time` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * localDayOf(Date.UTC(2026, 0, 1, 10, 30), 'Pacific/Kiritimati') // '2026-01-02' (UTC+14)
 * localDayOf(Date.UTC(2026, 0, 1, 10, 30), 'Pacific/Pago_Pago') // '2025-12-31' (UTC−11)
 * ```
 */
export function localDayOf(time: number, timeZone: string): string {
  assertTime(time)
  let year = ''
  let month = ''
  let day = ''
  for (const part of timeZoneFormatter(timeZone).formatToParts(time)) {
    if (part.type === 'year') year = part.value
    else if (part.type === 'month') month = part.value
    else if (part.type === 'day') day = part.value
  }
  return `${year.padStart(4, '0')}-${month}-${day}`
}
