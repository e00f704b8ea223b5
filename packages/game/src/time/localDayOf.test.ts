import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { InvalidTimeZoneError } from '../errors/InvalidTimeZoneError.js'
import { canonicalTimeZone } from './canonicalTimeZone.js'
import { dayNumberOf } from './dayNumberOf.js'
import { isValidTimeZone } from './isValidTimeZone.js'
import { localDayOf } from './localDayOf.js'
import { cachedFormatterCount, FORMATTER_CACHE_SIZE } from './timeZoneFormatter.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** 2000–2100: today's tz rules (Kiritimati has been UTC+14 since 1995). */
const modernTime = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
const ZONES = [
  'UTC',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Pacific/Apia',
] as const
const zone = fc.constantFrom(...ZONES)
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** Count `new Intl.DateTimeFormat` calls until the test ends. */
function countFormatters(): () => number {
  const Original = Intl.DateTimeFormat
  let built = 0
  const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Original>) {
    built++
    return new Original(...args)
  }
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(Counting as unknown as typeof Original)
  return () => built
}

describe('localDayOf', () => {
  test('default', () => {
    expect(localDayOf(Date.UTC(2026, 10, 24, 9, 45), 'Asia/Singapore')).toBe('2026-11-24')
    expect(localDayOf(Date.UTC(2026, 10, 24, 16), 'Asia/Singapore')).toBe('2026-11-25')
  })

  test('behavior: the two ends of the clock: Kiritimati (UTC+14) and Pago Pago (UTC−11) are up to two dates apart', () => {
    const at = Date.UTC(2026, 0, 1, 10, 30)
    expect(localDayOf(at, 'Pacific/Kiritimati')).toBe('2026-01-02')
    expect(localDayOf(at, 'UTC')).toBe('2026-01-01')
    expect(localDayOf(at, 'Pacific/Pago_Pago')).toBe('2025-12-31')
    // Kiritimati's day starts at 10:00 UTC the day before, Pago Pago's at 11:00 UTC.
    expect(localDayOf(Date.UTC(2026, 0, 1, 9, 59, 59, 999), 'Pacific/Kiritimati')).toBe('2026-01-01')
    expect(localDayOf(Date.UTC(2026, 0, 1, 10), 'Pacific/Kiritimati')).toBe('2026-01-02')
    expect(localDayOf(Date.UTC(2026, 0, 1, 10, 59, 59, 999), 'Pacific/Pago_Pago')).toBe('2025-12-31')
    expect(localDayOf(Date.UTC(2026, 0, 1, 11), 'Pacific/Pago_Pago')).toBe('2026-01-01')
  })

  test.each([
    // [zone, local date, its first instant, its first instant after, hours long]
    ['America/New_York', '2026-03-08', Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 2, 9, 4), 23], // EST → EDT
    ['America/New_York', '2026-11-01', Date.UTC(2026, 10, 1, 4), Date.UTC(2026, 10, 2, 5), 25], // EDT → EST
    ['Europe/London', '2026-03-29', Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23), 23], // GMT → BST
    ['Europe/London', '2026-10-25', Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 26, 0), 25], // BST → GMT
    ['Pacific/Apia', '2011-12-31', Date.UTC(2011, 11, 30, 10), Date.UTC(2011, 11, 31, 10), 24], // Samoa skipped 30 Dec 2011
  ] as const)('behavior: %s, %s runs from its midnight to the next (%s, %s hours: %s)', (timeZone, day, start, end, hours) => {
    expect((end - start) / HOUR).toBe(hours)
    expect(localDayOf(start - 1, timeZone)).not.toBe(day)
    expect(localDayOf(start, timeZone)).toBe(day)
    expect(localDayOf(end - 1, timeZone)).toBe(day)
    expect(dayNumberOf(localDayOf(end, timeZone)) - dayNumberOf(day)).toBe(1)
  })

  test('behavior: Samoa went from 29 to 31 December 2011 (the only gap of two dates in a day)', () => {
    expect(localDayOf(Date.UTC(2011, 11, 30, 9, 59, 59, 999), 'Pacific/Apia')).toBe('2011-12-29')
    expect(localDayOf(Date.UTC(2011, 11, 30, 10), 'Pacific/Apia')).toBe('2011-12-31')
  })

  test('behavior: fixed-offset zones are UTC shifted by their offset (property)', () => {
    fc.assert(
      fc.property(modernTime, (time) => {
        expect(localDayOf(time, 'UTC')).toBe(utcDay(time))
        expect(localDayOf(time, 'Pacific/Kiritimati')).toBe(utcDay(time + 14 * HOUR))
        expect(localDayOf(time, 'Pacific/Pago_Pago')).toBe(utcDay(time - 11 * HOUR))
        expect(localDayOf(time, 'Asia/Kathmandu')).toBe(utcDay(time + 5.75 * HOUR))
      }),
    )
  })

  test('behavior: every zone is within one date of UTC, and Kiritimati is 1–2 dates ahead of Pago Pago (property)', () => {
    fc.assert(
      fc.property(modernTime, zone, (time, timeZone) => {
        const offset = dayNumberOf(localDayOf(time, timeZone)) - dayNumberOf(utcDay(time))
        expect([-1, 0, 1]).toContain(offset)
        const apart = dayNumberOf(localDayOf(time, 'Pacific/Kiritimati')) - dayNumberOf(localDayOf(time, 'Pacific/Pago_Pago'))
        expect([1, 2]).toContain(apart)
      }),
    )
  })

  test('behavior: a day later is one date later; with daylight saving, 0 or 2 around a 25- or 23-hour day (property)', () => {
    fc.assert(
      fc.property(modernTime, zone, (time, timeZone) => {
        const step = dayNumberOf(localDayOf(time + DAY, timeZone)) - dayNumberOf(localDayOf(time, timeZone))
        if (['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Etc/GMT+12', 'Asia/Kolkata'].includes(timeZone)) {
          expect(step).toBe(1)
        } else {
          expect([0, 1, 2]).toContain(step)
        }
      }),
    )
  })

  test('behavior: dates never go backwards as time goes on, in any zone (property)', () => {
    fc.assert(
      fc.property(modernTime, fc.integer({ min: 0, max: 3 * DAY }), zone, (time, later, timeZone) => {
        expect(localDayOf(time + later, timeZone) >= localDayOf(time, timeZone)).toBe(true)
      }),
    )
  })

  test('behavior: a formatter is built once per zone, never per call', () => {
    const built = countFormatters()
    for (let call = 0; call < 500; call++) localDayOf(Date.UTC(2026, 0, 1) + call * HOUR, 'Asia/Ulaanbaatar')
    expect(built()).toBe(1)
    expect(localDayOf(Date.UTC(2026, 0, 1), 'Asia/Ulaanbaatar')).toBe('2026-01-01')
    expect(built()).toBe(1)
  })

  test('behavior: the formatter cache stays bounded whatever zones come in', () => {
    const zones = Intl.supportedValuesOf('timeZone')
    expect(zones.length).toBeGreaterThan(FORMATTER_CACHE_SIZE * 2)
    for (const timeZone of zones) localDayOf(0, timeZone)
    expect(cachedFormatterCount()).toBe(FORMATTER_CACHE_SIZE)
    // The most recent ones are kept: using one again builds nothing.
    const built = countFormatters()
    localDayOf(0, zones.at(-1) as string)
    expect(built()).toBe(0)
  })

  test('error: an unknown zone', () => {
    expect(() => localDayOf(0, 'Mars/Olympus_Mons')).toThrow(InvalidTimeZoneError)
    expect(() => localDayOf(0, 'Mars/Olympus_Mons')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidTimeZoneError: The time zone is not a known IANA time zone.

      Details: Mars/Olympus_Mons]
    `)
  })

  test('error: a time out of range', () => {
    expect(() => localDayOf(Number.NaN, 'UTC')).toThrow(InvalidTimeError)
  })
})

describe('isValidTimeZone', () => {
  test.each(['UTC', 'Asia/Singapore', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Etc/GMT+12', 'Etc/GMT-14'])(
    'default: %s',
    (timeZone) => {
      expect(isValidTimeZone(timeZone)).toBe(true)
    },
  )

  test.each<[string, unknown]>([
    ['an unknown area', 'Mars/Olympus_Mons'],
    ['an offset, not a zone name', '+05:30'],
    ['an empty string', ''],
    ['over 64 characters', `Asia/${'x'.repeat(60)}`],
    ['a path trick', '../../etc'],
    ['a number', 8],
    ['null', null],
  ])('error: %s', (_name, value) => {
    expect(isValidTimeZone(value)).toBe(false)
  })

  test('behavior: never throws, and what it accepts localDayOf takes (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...ZONES), fc.anything()), (value) => {
        const valid = isValidTimeZone(value)
        if (valid) expect(localDayOf(0, value)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }),
    )
  })
})

describe('canonicalTimeZone', () => {
  test.each([
    ['asia/singapore', 'Asia/Singapore'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/UTC', 'UTC'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
  ])('default: %s → %s', (timeZone, canonical) => {
    expect(canonicalTimeZone(timeZone)).toBe(canonical)
  })

  test('error: not a zone → null', () => {
    expect(canonicalTimeZone('Nowhere/Land')).toBeNull()
    expect(canonicalTimeZone(undefined)).toBeNull()
  })
})
