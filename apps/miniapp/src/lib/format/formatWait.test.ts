import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formatWait } from './formatWait.js'

test('default: minutes, rounded up', () => {
  expect(formatWait(90_000)).toBe('2 min')
  expect(formatWait(120_000)).toBe('2 min')
  expect(formatWait(20 * 60_000)).toBe('20 min')
})

test.each([
  [1, '1 s'],
  [12_300, '13 s'],
  [59_000, '59 s'],
  [59_001, '1 min'],
  [60_000, '1 min'],
  [59 * 60_000, '59 min'],
  [59 * 60_000 + 1, '1 h'],
  [60 * 60_000, '1 h'],
  [61 * 60_000, '1 h 1 min'],
  [7_196_500, '2 h'],
])('parameters: %i ms is "%s"', (ms, text) => {
  expect(formatWait(ms)).toBe(text)
})

test.each([undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])('error: %s is no wait', (ms) => {
  expect(formatWait(ms)).toBeNull()
})

test('behavior: any positive wait is a short phrase that never rounds down', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 48 * 3_600_000 }), (ms) => {
      const text = formatWait(ms) ?? ''
      const match = /^(?:(\d+) s|(?:(\d+) h)? ?(?:(\d+) min)?)$/.exec(text)
      expect(match).not.toBeNull()
      const [, s = '0', h = '0', m = '0'] = match ?? []
      expect(Number(s) * 1000 + Number(h) * 3_600_000 + Number(m) * 60_000).toBeGreaterThanOrEqual(ms)
    }),
  )
})
