import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DAILY_GOAL } from './dailyGoal.js'
import { recordFind } from './recordFind.js'
import { DAY, HOUR, morning, sg, stored } from './testing/singaporeMorning.js'
import { viewProgress } from './viewProgress.js'

describe('viewProgress', () => {
  test('default: a find today shows as stored', () => {
    expect(viewProgress(stored, morning + 2 * HOUR, sg)).toEqual({
      today: 2,
      goal: DAILY_GOAL,
      goalMet: false,
      streak: 5,
      best: 7,
      keptToday: true,
    })
  })

  test('behavior: the goal is met at DAILY_GOAL finds', () => {
    expect(DAILY_GOAL).toBe(3)
    expect(viewProgress({ ...stored, today: 3 }, morning, sg)).toMatchObject({ today: 3, goalMet: true })
    expect(viewProgress({ ...stored, today: 9 }, morning, sg)).toMatchObject({ goalMet: true })
  })

  test('behavior: a last find yesterday keeps the streak alive with nothing today', () => {
    expect(viewProgress(stored, morning + DAY, sg)).toEqual({
      today: 0,
      goal: DAILY_GOAL,
      goalMet: false,
      streak: 5,
      best: 7,
      keptToday: false,
    })
  })

  test('behavior: a last find two days ago shows the streak lost', () => {
    expect(viewProgress(stored, morning + 2 * DAY, sg)).toMatchObject({ today: 0, streak: 0, best: 7, keptToday: false })
  })

  test('behavior: the day turns at local midnight of the stored zone', () => {
    const lastMinute = Date.UTC(2026, 10, 24, 15, 59, 59, 999) // 23:59:59.999 in Singapore
    expect(viewProgress(stored, lastMinute, sg)).toMatchObject({ today: 2, keptToday: true })
    expect(viewProgress(stored, lastMinute + 1, sg)).toMatchObject({ today: 0, streak: 5, keptToday: false })
  })

  test('behavior: the stored zone decides, not the one passed in (the server counts in it)', () => {
    // 17:00 UTC: already 25 Nov in Singapore, still 24 Nov in London.
    const evening = Date.UTC(2026, 10, 24, 17)
    expect(viewProgress(stored, evening, 'Europe/London')).toMatchObject({ today: 0, keptToday: false })
    expect(viewProgress({ ...stored, timeZone: 'Atlantis/Capital' }, evening, 'Europe/London')).toMatchObject({
      today: 2,
      keptToday: true,
    })
    expect(viewProgress({ ...stored, timeZone: 'Atlantis/Capital' }, evening, 'nowhere')).toMatchObject({ keptToday: true })
  })

  test('behavior: a stored day after today (a zone ahead) counts as today', () => {
    expect(viewProgress({ ...stored, day: '2026-11-25' }, morning, sg)).toMatchObject({ today: 2, keptToday: true, streak: 5 })
  })

  test('behavior: no progress yet → all zero', () => {
    expect(viewProgress(null, morning, sg)).toEqual({
      today: 0,
      goal: DAILY_GOAL,
      goalMet: false,
      streak: 0,
      best: 0,
      keptToday: false,
    })
  })

  test('behavior: a malformed stored day shows nothing kept', () => {
    expect(viewProgress({ ...stored, day: 'someday' }, morning, sg)).toMatchObject({ today: 0, streak: 0, keptToday: false })
  })

  test('behavior: right after a find, the view shows that find: today ≥ 1, kept, streak as stored (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(fc.integer({ min: 0, max: 30 * HOUR }), { maxLength: 20 }),
        fc.constantFrom('UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Europe/London'),
        (start, gaps, timeZone) => {
          let at = start
          let progress = recordFind(null, at, timeZone)
          for (const gap of gaps) {
            at += gap
            progress = recordFind(progress, at, timeZone)
          }
          const view = viewProgress(progress, at, timeZone)
          expect(view).toMatchObject({ today: progress.today, streak: progress.streak, best: progress.best, keptToday: true })
          expect(view.goalMet).toBe(progress.today >= DAILY_GOAL)
          // 49 hours on, at least one whole local day has passed without a find.
          expect(viewProgress(progress, at + 49 * HOUR, timeZone)).toMatchObject({ today: 0, streak: 0, keptToday: false })
        },
      ),
    )
  })
})
