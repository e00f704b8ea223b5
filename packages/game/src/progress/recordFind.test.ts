import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { localDayOf } from '../time/localDayOf.js'
import { type Progress, progressSchema } from './progressSchema.js'
import { recordFind, TIME_ZONE_CHANGE_COOLDOWN_MS } from './recordFind.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const sg = 'Asia/Singapore'
/** 2026-11-24 09:00 in Singapore (01:00 UTC). */
const morning = Date.UTC(2026, 10, 24, 1)

const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Europe/London', 'Asia/Kathmandu']

/** Replay finds in order, as the server does, one transaction after another. */
function replay(finds: { at: number; timeZone?: string }[], start: Progress | null = null): Progress[] {
  const states: Progress[] = []
  let progress = start
  for (const find of finds) {
    progress = recordFind(progress, find.at, find.timeZone)
    states.push(progress)
  }
  return states
}

describe('recordFind', () => {
  test('default: a first find starts the day and the streak in the device zone', () => {
    expect(recordFind(null, morning, sg)).toEqual({
      timeZone: sg,
      day: '2026-11-24',
      today: 1,
      streak: 1,
      best: 1,
      updatedAt: morning,
      timeZoneSince: morning,
    })
  })

  test('behavior: two finds the same local day → today 2, streak unchanged', () => {
    const [, second] = replay([
      { at: morning, timeZone: sg },
      { at: morning + 14 * HOUR, timeZone: sg }, // 23:00 local
    ])
    expect(second).toMatchObject({ day: '2026-11-24', today: 2, streak: 1, best: 1, updatedAt: morning + 14 * HOUR })
  })

  test('behavior: consecutive local days extend the streak; the next day starts at 1', () => {
    const states = replay([0, 1, 2, 3].map((day) => ({ at: morning + day * DAY, timeZone: sg })))
    expect(states.map(({ day, today, streak, best }) => ({ day, today, streak, best }))).toEqual([
      { day: '2026-11-24', today: 1, streak: 1, best: 1 },
      { day: '2026-11-25', today: 1, streak: 2, best: 2 },
      { day: '2026-11-26', today: 1, streak: 3, best: 3 },
      { day: '2026-11-27', today: 1, streak: 4, best: 4 },
    ])
  })

  test('behavior: local midnight, not UTC midnight, separates days (23:59 and 00:01 are consecutive days)', () => {
    const lateNight = Date.UTC(2026, 10, 24, 15, 59) // 23:59 in Singapore
    const [, after] = replay([
      { at: lateNight, timeZone: sg },
      { at: lateNight + 2 * 60_000, timeZone: sg },
    ])
    expect(after).toMatchObject({ day: '2026-11-25', today: 1, streak: 2 })
  })

  test('behavior: a missed day restarts the streak at 1 and keeps the best', () => {
    const states = replay([0, 1, 2, 4].map((day) => ({ at: morning + day * DAY, timeZone: sg })))
    expect(states.at(-1)).toMatchObject({ day: '2026-11-28', today: 1, streak: 1, best: 3 })
  })

  test('behavior: across a daylight-saving change, consecutive New York days stay consecutive', () => {
    const ny = 'America/New_York'
    const states = replay([
      { at: Date.UTC(2026, 2, 7, 4, 59), timeZone: ny }, // 23:59 EST, 6 March
      { at: Date.UTC(2026, 2, 8, 4, 59), timeZone: ny }, // 23:59 EST, 7 March
      { at: Date.UTC(2026, 2, 9, 3, 59), timeZone: ny }, // 23:59 EDT, 8 March (a 23-hour day)
      { at: Date.UTC(2026, 2, 9, 4), timeZone: ny }, // 00:00 EDT, 9 March
    ])
    expect(states.map(({ day, streak }) => `${day}:${streak}`)).toEqual([
      '2026-03-06:1',
      '2026-03-07:2',
      '2026-03-08:3',
      '2026-03-09:4',
    ])
  })

  test('behavior: a find earlier than the stored day (a late retry) counts on the stored day', () => {
    const stored = recordFind(recordFind(null, morning, sg), morning + DAY, sg)
    expect(recordFind(stored, morning, sg)).toEqual({ ...stored, today: 2 })
  })

  test('behavior: a device zone spelled differently is not a change', () => {
    const stored = recordFind(null, morning, 'US/Eastern')
    expect(stored.timeZone).toBe('America/New_York')
    expect(recordFind(stored, morning + 2 * DAY, 'America/New_York').timeZoneSince).toBe(morning)
  })

  test('behavior: no zone or an invalid one on a first find → UTC; later ones keep the stored zone', () => {
    expect(recordFind(null, morning).timeZone).toBe('UTC')
    expect(recordFind(null, morning, 'Mars/Olympus_Mons').timeZone).toBe('UTC')
    const stored = recordFind(null, morning, sg)
    expect(recordFind(stored, morning + 2 * DAY).timeZone).toBe(sg)
    expect(recordFind(stored, morning + 2 * DAY, 'nonsense').timeZone).toBe(sg)
  })

  test('behavior: a stored zone this runtime does not know is replaced at once', () => {
    const stored: Progress = { ...recordFind(null, morning, sg), timeZone: 'Atlantis/Capital' }
    expect(recordFind(stored, morning + HOUR, 'Europe/London')).toMatchObject({
      timeZone: 'Europe/London',
      timeZoneSince: morning + HOUR,
      day: '2026-11-24',
      today: 2,
    })
    expect(recordFind({ ...stored, timeZoneSince: undefined }, morning + HOUR).timeZone).toBe('UTC')
  })

  test('behavior: a malformed stored day starts over', () => {
    const stored: Progress = { ...recordFind(null, morning, sg), day: '2026-02-30', streak: 9, best: 9 }
    expect(recordFind(stored, morning, sg)).toMatchObject({ day: '2026-11-24', today: 1, streak: 1, best: 9 })
  })

  describe('time-zone changes', () => {
    test('behavior: a traveller moves zone once the zones agree on the date and a day has passed', () => {
      const first = recordFind(null, morning, sg) // Singapore 09:00, 24 Nov
      // London, 25 Nov 09:00 UTC (17:00 in Singapore): same date in both, 32 h later.
      const moved = recordFind(first, morning + 32 * HOUR, 'Europe/London')
      expect(moved).toMatchObject({
        timeZone: 'Europe/London',
        timeZoneSince: morning + 32 * HOUR,
        day: '2026-11-25',
        streak: 2,
      })
    })

    test('error: hopping east to reach tomorrow early is refused (the stored zone counts the find)', () => {
      // Pago Pago 00:30 on 24 Nov is Kiritimati 01:30 on 25 Nov.
      const start = Date.UTC(2026, 10, 24, 11, 30)
      const first = recordFind(null, start - 2 * DAY, 'Pacific/Pago_Pago')
      const second = recordFind(first, start - DAY, 'Pacific/Pago_Pago')
      const hop = recordFind(second, start, 'Pacific/Kiritimati')
      expect(hop).toMatchObject({ timeZone: 'Pacific/Pago_Pago', day: '2026-11-24', streak: 3, today: 1 })
    })

    test('error: hopping west to find "yesterday" again is refused (no date is credited twice)', () => {
      // Kiritimati 01:30 on 25 Nov, then Pago Pago where it is still 24 Nov.
      const at = Date.UTC(2026, 10, 24, 11, 30)
      const first = recordFind(null, at - 2 * DAY, 'Pacific/Kiritimati')
      const stored = recordFind(first, at, 'Pacific/Kiritimati')
      expect(stored.day).toBe('2026-11-25')
      const hop = recordFind(stored, at + 60_000, 'Pacific/Pago_Pago')
      expect(hop).toMatchObject({ timeZone: 'Pacific/Kiritimati', day: '2026-11-25', today: 2, streak: 1 })
    })

    test('error: a second change within 24 h is refused, even when the dates agree', () => {
      const first = recordFind(null, morning, sg)
      const moved = recordFind(first, morning + 32 * HOUR, 'Europe/London')
      const again = recordFind(moved, morning + 33 * HOUR, 'Europe/Paris')
      expect(again).toMatchObject({ timeZone: 'Europe/London', timeZoneSince: morning + 32 * HOUR, today: 2 })
      const later = recordFind(again, morning + 32 * HOUR + TIME_ZONE_CHANGE_COOLDOWN_MS, 'Europe/Paris')
      expect(later.timeZone).toBe('Europe/Paris')
    })

    test('behavior: the stored day never goes backwards, whatever zones are sent (property)', () => {
      fc.assert(
        fc.property(findSequence(), (finds) => {
          const states = replay(finds)
          for (let index = 1; index < states.length; index++) {
            const [before, after] = [states[index - 1] as Progress, states[index] as Progress]
            expect(dayNumberOf(after.day)).toBeGreaterThanOrEqual(dayNumberOf(before.day))
          }
        }),
      )
    })

    test('behavior: a zone change never moves the day further than staying in the stored zone would (property)', () => {
      fc.assert(
        fc.property(findSequence(), (finds) => {
          let progress: Progress | null = null
          for (const find of finds) {
            const before = progress
            progress = recordFind(progress, find.at, find.timeZone)
            if (before === null) continue
            const stayed = localDayOf(find.at, before.timeZone)
            expect(dayNumberOf(progress.day)).toBeLessThanOrEqual(Math.max(dayNumberOf(before.day), dayNumberOf(stayed)))
          }
        }),
      )
    })

    test('behavior: the stored zone changes at most once per 24 h (property)', () => {
      fc.assert(
        fc.property(findSequence(), (finds) => {
          const states = replay(finds)
          const changes = states.filter((state, index) => index > 0 && state.timeZone !== states[index - 1]?.timeZone)
          for (let index = 1; index < changes.length; index++) {
            const gap = (changes[index]?.timeZoneSince ?? 0) - (changes[index - 1]?.timeZoneSince ?? 0)
            expect(gap).toBeGreaterThanOrEqual(TIME_ZONE_CHANGE_COOLDOWN_MS)
          }
        }),
      )
    })

    test('behavior: a streak of N days spans at least N − 3 UTC days, whatever zones are sent (property)', () => {
      fc.assert(
        fc.property(findSequence(), (finds) => {
          const states = replay(finds)
          const last = states.at(-1) as Progress
          // The finds of the current streak: from the last restart on.
          let restart = 0
          states.forEach((state, index) => {
            if (index > 0 && state.streak === 1 && state.day !== states[index - 1]?.day) restart = index
          })
          const spanned =
            dayNumberOf(new Date(finds.at(-1)?.at ?? 0).toISOString().slice(0, 10)) -
            dayNumberOf(new Date(finds[restart]?.at ?? 0).toISOString().slice(0, 10))
          expect(last.streak).toBeLessThanOrEqual(spanned + 3)
        }),
      )
    })
  })

  test('behavior: always a valid record; today ≥ 1, 1 ≤ streak ≤ best (property)', () => {
    fc.assert(
      fc.property(findSequence(), (finds) => {
        for (const state of replay(finds)) {
          expect(progressSchema.safeParse(state).success).toBe(true)
          expect(state.today).toBeGreaterThanOrEqual(1)
          expect(state.streak).toBeGreaterThanOrEqual(1)
          expect(state.streak).toBeLessThanOrEqual(state.best)
        }
      }),
    )
  })

  test('behavior: one find a day at any local time in a fixed zone → the streak counts every day (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min: 0, max: DAY - 1 }), { minLength: 1, maxLength: 30 }),
        (timeZone, offsets) => {
          // Local midnight of 1 Dec 2026 in the zone, then one find per local day at the given time of day.
          const start = Date.UTC(2026, 11, 1) - offsetOf(timeZone)
          const finds = offsets.map((offset, day) => ({ at: start + day * DAY + offset, timeZone }))
          const last = replay(finds).at(-1) as Progress
          expect(last.streak).toBe(offsets.length)
          expect(last.today).toBe(1)
        },
      ),
    )
  })

  test('error: a time out of range', () => {
    expect(() => recordFind(null, Number.NaN, sg)).toThrow(InvalidTimeError)
  })
})

/** Fixed offsets only (no DST in December for these): ms ahead of UTC. */
function offsetOf(timeZone: string): number {
  return (
    ({
      UTC: 0,
      'Pacific/Kiritimati': 14,
      'Pacific/Pago_Pago': -11,
      'America/New_York': -5,
      'Europe/London': 0,
      'Asia/Kathmandu': 5.75,
    }[timeZone] ?? 0) * HOUR
  )
}

/** Finds in time order, 0–40 h apart, each sending any of the zones (or none). */
function findSequence() {
  return fc
    .tuple(
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
      fc.array(
        fc.record({
          gap: fc.integer({ min: 0, max: 40 * HOUR }),
          timeZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
    )
    .map(([start, steps]) => {
      let at = start
      return steps.map(({ gap, timeZone }) => {
        at += gap
        return timeZone === undefined ? { at } : { at, timeZone }
      })
    })
}
