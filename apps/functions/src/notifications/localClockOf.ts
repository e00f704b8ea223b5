import { InvalidTimeError, InvalidTimeZoneError } from '@worldmap/game'

const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** The wall clock in one zone at one moment. */
export interface LocalClock {
  /** 0–23. */
  hour: number
  /** 0–59. */
  minute: number
  /** The zone's offset from UTC at that moment, in minutes (Asia/Kolkata: 330). */
  offsetMinutes: number
}

// One formatter per zone, bounded like the game's day formatters: a run sees a
// few hundred zones at most, and building an Intl.DateTimeFormat is the slow part.
const MAX_CACHED = 256
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone)
  if (cached) return cached
  let formatter: Intl.DateTimeFormat
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
  } catch (cause) {
    throw new InvalidTimeZoneError({ cause, details: timeZone.slice(0, 64) })
  }
  if (formatters.size >= MAX_CACHED) formatters.delete(formatters.keys().next().value as string)
  formatters.set(timeZone, formatter)
  return formatter
}

/**
 * The hour, minute and UTC offset of `timeZone` at `time` (daylight saving
 * from the runtime's tz data): what decides whether a player is in their
 * evening, or asleep.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a known zone.
 * @throws {InvalidTimeError} `time` is not a timestamp between 1970 and 9999.
 * @example
 * ```ts
 * localClockOf(Date.UTC(2026, 0, 1, 13, 30), 'Asia/Kolkata') // { hour: 19, minute: 0, offsetMinutes: 330 }
 * ```
 */
export function localClockOf(time: number, timeZone: string): LocalClock {
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0 || time > MAX_TIME) {
    throw new InvalidTimeError({ details: String(time) })
  }
  const parts: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(time)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  const offsetMinutes = Math.round((wall - (time - (time % 1000))) / 60_000)
  return { hour, minute, offsetMinutes }
}
