import { assertTime } from './assertTime.js'
import { timeZoneFormatter } from './timeZoneFormatter.js'

/** The wall clock in one zone at one moment. */
export interface LocalClock {
  /** 0–23. */
  hour: number
  /** 0–59. */
  minute: number
  /** The zone's offset from UTC at that moment, in minutes (Asia/Kolkata: 330). */
  offsetMinutes: number
}

/**
 * The hour, minute and UTC offset of `timeZone` at `time` (daylight saving
 * from the runtime's tz data): what decides whether a player is in their
 * evening, or asleep, for the streak reminders.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a known zone.
 * @throws {InvalidTimeError} `time` is not a timestamp between 1970 and 9999.
 * @example
 * ```ts
 * localClockOf(Date.UTC(2026, 0, 1, 13, 30), 'Asia/Kolkata') // { hour: 19, minute: 0, offsetMinutes: 330 }
 * ```
 */
export function localClockOf(time: number, timeZone: string): LocalClock {
  assertTime(time)
  const parts: Record<string, number> = {}
  for (const part of timeZoneFormatter(timeZone, 'clock').formatToParts(time)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  return { hour, minute, offsetMinutes: Math.round((wall - (time - (time % 1000))) / 60_000) }
}
