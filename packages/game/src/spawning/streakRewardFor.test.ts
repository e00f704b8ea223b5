import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Progress } from '../progress/progressSchema.js'
import { recordFind } from '../progress/recordFind.js'
import { viewProgress } from '../progress/viewProgress.js'
import { dayNumberOf } from '../time/dayNumberOf.js'
import { streakRewardFor } from './streakRewardFor.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const sg = 'Asia/Singapore'
/** 2026-11-24 09:00 in Singapore. */
const morning = Date.UTC(2026, 10, 24, 1)

/** A player who found something on each of the `days` days before `morning` (the last one yesterday). */
function streakOf(days: number): Progress | null {
  let progress: Progress | null = null
  for (let day = days; day >= 1; day--) progress = recordFind(progress, morning - day * DAY, sg)
  return progress
}

describe('streakRewardFor', () => {
  test('default: yesterday was day 2, so today is day 3: a rare or better is due', () => {
    expect(streakRewardFor(streakOf(2), morning)).toEqual({
      streakDay: 3,
      atLeast: 'rare',
      day: dayNumberOf('2026-11-24'),
      timeZone: sg,
    })
  })

  test.each([
    { name: 'a new player', days: 0, found: false, due: null },
    { name: 'day 2', days: 1, found: false, due: null },
    { name: 'day 3, before the first find', days: 2, found: false, due: { streakDay: 3, atLeast: 'rare' } },
    { name: 'day 3, after the first find', days: 2, found: true, due: { streakDay: 3, atLeast: 'rare' } },
    { name: 'day 4', days: 3, found: false, due: null },
    { name: 'day 7', days: 6, found: false, due: { streakDay: 7, atLeast: 'epic' } },
    { name: 'day 7, after the first find', days: 6, found: true, due: { streakDay: 7, atLeast: 'epic' } },
    { name: 'day 8', days: 7, found: false, due: null },
  ])('parameters: $name', ({ days, found, due }) => {
    const before = streakOf(days)
    const progress = found ? recordFind(before, morning, sg) : before
    const result = streakRewardFor(progress, morning + HOUR)
    expect(result === null ? null : { streakDay: result.streakDay, atLeast: result.atLeast }).toEqual(due)
  })

  test('behavior: a missed day starts over, so a broken 6-day streak earns nothing', () => {
    const broken = streakOf(6)
    expect(streakRewardFor(broken, morning + DAY)).toBeNull()
  })

  test('behavior: the day is the stored zone’s, as recordFind counts it', () => {
    // 23:30 in Singapore is still the 24th there, already the 24th in UTC too; 00:30 the next day is the 25th.
    const lateNight = Date.UTC(2026, 10, 24, 15, 30)
    expect(streakRewardFor(streakOf(2), lateNight)?.day).toBe(dayNumberOf('2026-11-24'))
    expect(streakRewardFor(streakOf(2), lateNight + HOUR)).toBeNull()
  })

  test('behavior: due exactly when today is day 3 or 7 of the streak viewProgress shows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.boolean(), fc.integer({ min: 0, max: 14 * HOUR }), (days, found, later) => {
        const before = streakOf(days)
        const progress = found ? recordFind(before, morning, sg) : before
        const now = morning + later
        const view = viewProgress(progress, now, sg)
        const today = view.keptToday ? view.streak : view.streak + 1
        const due = streakRewardFor(progress, now)
        expect(due?.streakDay ?? null).toBe(progress !== null && (today === 3 || today === 7) ? today : null)
      }),
    )
  })
})
