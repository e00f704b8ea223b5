import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isoTimestamp } from './isoTimestamp.js'

const MIN_MS = -62_167_219_200_000
const MAX_MS = 253_402_300_799_999

describe('isoTimestamp', () => {
  test('default', () => {
    expect(isoTimestamp(0)).toBe('1970-01-01T00:00:00.000Z')
    expect(isoTimestamp(Date.UTC(2026, 10, 24, 15, 4, 5, 6))).toBe('2026-11-24T15:04:05.006Z')
  })

  test('behavior: the edges of the four-digit range and leap days', () => {
    for (const ms of [
      MIN_MS,
      MAX_MS,
      -1,
      Date.UTC(2000, 1, 29),
      Date.UTC(1900, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(1600, 1, 29, 12),
      -62_135_596_800_000, // 0001-01-01
    ]) {
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
    }
  })

  test('behavior: equals toISOString for every whole millisecond in the four-digit range', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_MS, max: MAX_MS }), (ms) => {
        expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
      }),
      { numRuns: 20_000 },
    )
  })

  test('behavior: outside the range, and for fractions, defers to toISOString', () => {
    fc.assert(
      fc.property(fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }), (ms) => {
        expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
      }),
    )
    expect(isoTimestamp(MAX_MS + 1)).toBe('+010000-01-01T00:00:00.000Z')
    expect(isoTimestamp(MIN_MS - 1)).toBe('-000001-12-31T23:59:59.999Z')
  })

  test('error: an invalid time throws the same RangeError as toISOString', () => {
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError)
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError)
  })
})
