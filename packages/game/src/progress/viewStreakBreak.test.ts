import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { localDayOf } from '../time/localDayOf.js'
import type { Progress } from './progressSchema.js'
import { recordFind } from './recordFind.js'
import { DAY, HOUR, morning, sg, stored } from './testing/singaporeMorning.js'
import { viewProgress } from './viewProgress.js'
import { viewStreakBreak } from './viewStreakBreak.js'

/** Zones with whole, half, quarter-hour and ±14 h offsets, and daylight saving both ways (Lord Howe shifts 30 min). */
const ZONES = [
  'UTC',
  sg,
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/New_York',
  'Europe/London',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Santiago',
]

/** The first millisecond of local date `day` in `zone` (binary search: DST makes days 23 to 25 h long). */
function startOfLocalDay(day: string, zone: string): number {
  let low = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - 15 * HOUR
  let high = low + 30 * HOUR
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (dayNumberOf(localDayOf(middle, zone)) >= dayNumberOf(day)) high = middle
    else low = middle
  }
  return high
}

/** `day` plus `n` dates, as `YYYY-MM-DD`. */
const plusDays = (day: string, n: number) => new Date((dayNumberOf(day) + n) * DAY).toISOString().slice(0, 10)

describe('viewStreakBreak', () => {
  test('default: two dates after the last find, the streak it recorded has ended', () => {
    expect(viewStreakBreak(stored, morning + 2 * DAY, sg)).toEqual({ streak: 5, lastDay: '2026-11-24', missedDays: 1 })
    expect(viewStreakBreak(stored, morning + 9 * DAY, sg)).toEqual({ streak: 5, lastDay: '2026-11-24', missedDays: 8 })
  })

  test('behavior: a streak kept today or yesterday has not ended', () => {
    expect(viewStreakBreak(stored, morning, sg)).toBeNull()
    expect(viewStreakBreak(stored, morning + DAY, sg)).toBeNull()
    // A stored day ahead of the clock (a zone ahead of a fresh device clock) is today.
    expect(viewStreakBreak({ ...stored, day: '2026-11-26' }, morning, sg)).toBeNull()
  })

  test('behavior: it ends at local midnight of the stored zone, not the device zone', () => {
    const midnight = Date.UTC(2026, 10, 25, 16) // 00:00 on 26 Nov in Singapore; still 25 Nov in London
    expect(viewStreakBreak(stored, midnight - 1, sg)).toBeNull()
    expect(viewStreakBreak(stored, midnight, 'Europe/London')).toEqual({ streak: 5, lastDay: '2026-11-24', missedDays: 1 })
    // A record whose zone this runtime does not know counts in the zone passed in.
    expect(viewStreakBreak({ ...stored, timeZone: 'Atlantis/Capital' }, midnight, 'Europe/London')).toBeNull()
  })

  test('behavior: no record, no streak or a malformed day shows no loss', () => {
    expect(viewStreakBreak(null, morning, sg)).toBeNull()
    expect(viewStreakBreak({ ...stored, streak: 0 }, morning + 5 * DAY, sg)).toBeNull()
    expect(viewStreakBreak({ ...stored, day: '2026-02-30' }, morning + 5 * DAY, sg)).toBeNull()
  })

  test('error: a time out of range', () => {
    expect(() => viewStreakBreak(stored, Number.NaN, sg)).toThrow(InvalidTimeError)
  })

  test('behavior: the loss shows exactly when viewProgress shows the streak gone, and names the recorded streak (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(fc.integer({ min: 0, max: 30 * HOUR }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 6 * DAY }),
        (zone, start, gaps, later) => {
          let at = start
          let progress = recordFind(null, at, zone)
          for (const gap of gaps) {
            at += gap
            progress = recordFind(progress, at, zone)
          }
          const now = at + later
          const lost = viewStreakBreak(progress, now, zone)
          const view = viewProgress(progress, now, zone)
          expect(lost !== null).toBe(view.streak === 0)
          const dates = dayNumberOf(localDayOf(now, zone)) - dayNumberOf(progress.day)
          if (lost) expect(lost).toEqual({ streak: progress.streak, lastDay: progress.day, missedDays: dates - 1 })
          else expect(dates).toBeLessThanOrEqual(1)
        },
      ),
    )
  })

  test('behavior: across any day boundary, even through daylight saving, the last instant of the next day keeps it and the next one ends it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 400 }),
        (zone, at, streak) => {
          const progress: Progress = { ...recordFind(null, at, zone), streak, best: streak }
          const boundary = startOfLocalDay(plusDays(progress.day, 2), zone)
          expect(viewStreakBreak(progress, boundary - 1, zone)).toBeNull()
          expect(viewStreakBreak(progress, boundary, zone)).toEqual({ streak, lastDay: progress.day, missedDays: 1 })
        },
      ),
    )
  })

  test('behavior: a find after the break starts a new streak of 1 and the loss is gone (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 49 * HOUR, max: 20 * DAY }),
        (zone, at, gap) => {
          const first = recordFind(recordFind(null, at - DAY, zone), at, zone)
          expect(viewStreakBreak(first, at + gap, zone)?.streak).toBe(first.streak)
          const next = recordFind(first, at + gap, zone)
          expect(next.streak).toBe(1)
          expect(viewStreakBreak(next, at + gap, zone)).toBeNull()
        },
      ),
    )
  })
})
