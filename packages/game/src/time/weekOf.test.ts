import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { MAX_TIME } from './assertTime.js'
import { WEEK_MS, weekOf } from './weekOf.js'

const time = fc.integer({ min: 0, max: MAX_TIME })

describe('weekOf', () => {
  test('default', () => {
    expect(weekOf(Date.UTC(2026, 10, 23, 9, 45))).toEqual({
      index: 2968,
      startsAt: Date.UTC(2026, 10, 23),
      endsAt: Date.UTC(2026, 10, 30),
    })
  })

  test('behavior: Sunday 23:59:59.999 UTC is the old week, Monday 00:00 UTC the new one', () => {
    const sunday = weekOf(Date.UTC(2026, 10, 29, 23, 59, 59, 999))
    const monday = weekOf(Date.UTC(2026, 10, 30))
    expect(new Date(Date.UTC(2026, 10, 29)).getUTCDay()).toBe(0)
    expect(sunday.index).toBe(2968)
    expect(monday).toEqual({ index: 2969, startsAt: Date.UTC(2026, 10, 30), endsAt: Date.UTC(2026, 11, 7) })
    expect(sunday.endsAt).toBe(monday.startsAt)
  })

  test('behavior: the epoch (a Thursday) belongs to week -1, and 1970-01-05 starts week 0', () => {
    expect(weekOf(0)).toEqual({ index: -1, startsAt: Date.UTC(1969, 11, 29), endsAt: Date.UTC(1970, 0, 5) })
    expect(weekOf(Date.UTC(1970, 0, 5)).index).toBe(0)
  })

  test('behavior: a week holds its start, not its end, and starts on a Monday at 00:00 UTC (property)', () => {
    fc.assert(
      fc.property(time, (t) => {
        const week = weekOf(t)
        expect(week.startsAt).toBeLessThanOrEqual(t)
        expect(t).toBeLessThan(week.endsAt)
        expect(week.endsAt - week.startsAt).toBe(WEEK_MS)
        const start = new Date(week.startsAt)
        expect(start.getUTCDay()).toBe(1)
        expect([start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()]).toEqual([
          0, 0, 0, 0,
        ])
      }),
    )
  })

  test('behavior: indices are contiguous: the last ms of a week and the first of the next differ by one (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_TIME - WEEK_MS }), (t) => {
        const week = weekOf(t)
        expect(weekOf(week.endsAt).index).toBe(week.index + 1)
        expect(weekOf(week.endsAt - 1).index).toBe(week.index)
        if (week.startsAt > 0) expect(weekOf(week.startsAt - 1).index).toBe(week.index - 1)
        expect(weekOf(t + WEEK_MS).index).toBe(week.index + 1)
      }),
    )
  })

  test('behavior: later times never fall in earlier weeks (property)', () => {
    fc.assert(
      fc.property(time, time, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a]
        expect(weekOf(early).index).toBeLessThanOrEqual(weekOf(late).index)
      }),
    )
  })

  test.each([Number.NaN, Number.POSITIVE_INFINITY, -1, MAX_TIME + 1])('error: %s is not a supported time', (bad) => {
    expect(() => weekOf(bad)).toThrow(InvalidTimeError)
    expect(() => weekOf(bad)).toThrow(`The time is not a supported timestamp.\n\nDetails: ${bad}`)
  })
})
