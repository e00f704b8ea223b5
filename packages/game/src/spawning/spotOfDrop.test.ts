import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatDropId } from '../drops/dropId.js'
import { SPAWN_WINDOW_MS } from '../drops/spawnWindow.js'
import { spawnDayOf } from './spawnDayOf.js'
import { spotDayAt, spotOfDrop } from './spotOfDrop.js'

const WINDOWS_A_DAY = (24 * 60 * 60 * 1000) / SPAWN_WINDOW_MS
const cells = fc.stringMatching(/^[0-9b-hjkmnp-z]{7}$/)

describe('spotOfDrop', () => {
  test('default: the UTC day of the drop’s window and `{cell}_{index}`', () => {
    expect(spotOfDrop('w21z73t_986211_3')).toEqual({ day: 20546, key: 'w21z73t_3' })
  })

  test.each([
    ['a streak reward', 'streak_997460_0123456789ab'],
    ['a malformed id', 'w21z73t_986211'],
    ['a path', '../spotFinds'],
    ['empty', ''],
  ])('error: %s has no spot', (_name, id) => {
    expect(spotOfDrop(id)).toBeNull()
  })

  test('property: every window of a UTC day puts a spot’s drop on the same spot; the next day’s is another', () => {
    fc.assert(
      fc.property(cells, fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 99 }), (cell, day, index) => {
        const first = spotOfDrop(formatDropId({ cell, window: day * WINDOWS_A_DAY, index }))
        const last = spotOfDrop(formatDropId({ cell, window: day * WINDOWS_A_DAY + WINDOWS_A_DAY - 1, index }))
        const next = spotOfDrop(formatDropId({ cell, window: (day + 1) * WINDOWS_A_DAY, index }))
        expect(first).toEqual({ day, key: `${cell}_${index}` })
        expect(last).toEqual(first)
        expect(next).toEqual({ day: day + 1, key: `${cell}_${index}` })
      }),
    )
  })
})

describe('spotDayAt', () => {
  test('property: the day of the window holding the time, changing at 00:00 UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (time) => {
        expect(spotDayAt(time)).toBe(spawnDayOf(Math.floor(time / SPAWN_WINDOW_MS)))
        expect(spotDayAt(time)).toBe(Math.floor(time / 86_400_000))
      }),
    )
  })
})
