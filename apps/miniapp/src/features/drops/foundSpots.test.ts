import { formatDropId } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isOnFoundSpot } from './foundSpots.js'

const DAY = 20546
const WINDOWS_A_DAY = 48
const found = { day: DAY, spots: new Set(['w21z73t_3']) }

test('default: a later window’s drop on a spot found that day is on it', () => {
  expect(isOnFoundSpot(found, formatDropId({ cell: 'w21z73t', window: DAY * WINDOWS_A_DAY + 20, index: 3 }))).toBe(true)
})

test.each([
  ['another spot of the cell', formatDropId({ cell: 'w21z73t', window: DAY * WINDOWS_A_DAY + 20, index: 2 })],
  ['the same spot name the next day', formatDropId({ cell: 'w21z73t', window: (DAY + 1) * WINDOWS_A_DAY, index: 3 })],
  ['a streak reward', 'streak_986230_0123456789ab'],
  ['a malformed id', 'w21z73t_3'],
])('behavior: %s is not', (_name, id) => {
  expect(isOnFoundSpot(found, id)).toBe(false)
})

test('behavior: nothing known is nothing hidden', () => {
  expect(isOnFoundSpot(null, formatDropId({ cell: 'w21z73t', window: DAY * WINDOWS_A_DAY, index: 3 }))).toBe(false)
})

test('property: a drop is on a found spot exactly when its day and spot are among the found', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: WINDOWS_A_DAY * 3 - 1 }),
      fc.integer({ min: 0, max: 5 }),
      fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 6 }),
      (offset, index, foundIndexes) => {
        const window = (DAY - 1) * WINDOWS_A_DAY + offset
        const spots = { day: DAY, spots: new Set(foundIndexes.map((i) => `w21z73t_${i}`)) }
        const onDay = Math.floor(window / WINDOWS_A_DAY) === DAY
        expect(isOnFoundSpot(spots, formatDropId({ cell: 'w21z73t', window, index }))).toBe(onDay && foundIndexes.includes(index))
      },
    ),
  )
})
