import fc from 'fast-check'
import { expect, test } from 'vitest'
import { dayNumberOf } from './dayNumberOf.js'

test('default', () => {
  expect(dayNumberOf('1970-01-01')).toBe(0)
  expect(dayNumberOf('2026-03-01') - dayNumberOf('2026-02-28')).toBe(1)
  expect(dayNumberOf('2028-03-01') - dayNumberOf('2028-02-28')).toBe(2)
  expect(dayNumberOf('0050-01-01')).toBeLessThan(dayNumberOf('1950-01-01'))
})

test.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', 'yesterday', ''])('error: %s is not a date → NaN', (day) => {
  expect(dayNumberOf(day)).toBeNaN()
})

test('behavior: consecutive calendar dates differ by exactly one (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 30) }), (time) => {
      const day = new Date(time).toISOString().slice(0, 10)
      const next = new Date(time + 86_400_000).toISOString().slice(0, 10)
      expect(dayNumberOf(next) - dayNumberOf(day)).toBe(1)
      expect(dayNumberOf(day)).toBe(Math.floor(time / 86_400_000))
    }),
  )
})
