import type { ProgressView } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { catchMomentOf } from './catchMoment.js'

const progress = (today: number, streak: number, goal = 3): ProgressView => ({
  today,
  goal,
  goalMet: today >= goal,
  streak,
  best: streak,
  keptToday: true,
})

test('default: the third find of the day meets the goal', () => {
  expect(catchMomentOf(5, progress(3, 4))).toEqual({
    points: 5,
    ring: { from: 2, to: 3, goal: 3 },
    celebration: { kind: 'goalMet', streak: 4 },
  })
})

test.each([
  ['the first find of a new streak day', 2, progress(1, 4), { kind: 'streakExtended', streak: 4 }],
  ['the very first find (a streak starts, none extended)', 1, progress(1, 1), null],
  ['a second find', 1, progress(2, 4), null],
  ['past the goal (no second celebration)', 10, progress(4, 4), null],
  ['a goal of one: the goal wins, with the streak', 25, progress(1, 6, 1), { kind: 'goalMet', streak: 6 }],
] as const)('parameters: %s', (_, points, view, celebration) => {
  expect(catchMomentOf(points, view).celebration).toEqual(celebration)
})

test('behavior: no points when none were earned or none were sent; no ring without progress', () => {
  expect(catchMomentOf(0, progress(1, 1)).points).toBeNull()
  expect(catchMomentOf(undefined, undefined)).toEqual({ points: null, ring: null, celebration: null })
  // A reply with a count of 0 (not from a find just made) has nothing to fill.
  expect(catchMomentOf(2, progress(0, 0))).toEqual({ points: 2, ring: null, celebration: null })
})

test('behavior: the ring fills by one find; a celebration exactly when the goal is reached or a streak day is added (property)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 400 }),
      fc.option(fc.nat(100), { nil: undefined }),
      (today, goal, streak, points) => {
        const moment = catchMomentOf(points, progress(today, streak, goal))
        expect(moment.ring).toEqual({ from: today - 1, to: today, goal })
        expect(moment.points).toBe(points ? points : null)
        const expected = today === goal ? 'goalMet' : today === 1 && streak >= 2 ? 'streakExtended' : undefined
        expect(moment.celebration?.kind).toBe(expected)
        if (moment.celebration) expect(moment.celebration.streak).toBe(streak)
      },
    ),
  )
})
