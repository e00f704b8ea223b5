import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { cellOf } from '../geo/cellOf.js'
import { formatDropId, parseDropId } from './dropId.js'

describe('dropId', () => {
  test('default', () => {
    expect(formatDropId({ cell: 'w21z73t', window: 997459, index: 3 })).toBe('w21z73t_997459_3')
    expect(parseDropId('w21z73t_997459_3')).toEqual({ cell: 'w21z73t', watchCell: 'w21z73', window: 997459, index: 3 })
  })

  test.each([
    ['not a string', 42],
    ['empty', ''],
    ['a path', 'w21z73t_997459_3/../x'],
    ['a short cell', 'w21z73_997459_3'],
    ['letters outside the geohash alphabet', 'a21z73t_997459_3'],
    ['a negative window', 'w21z73t_-1_3'],
    ['a three-digit index', 'w21z73t_997459_100'],
    ['the old id format', 'd0123456789abcdef0123456789abcdef'],
  ])('error: %s → null', (_, id) => {
    expect(parseDropId(id)).toBeNull()
  })

  test('behavior: every formatted id parses back (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 0, max: 10 ** 12 - 1 }),
        fc.integer({ min: 0, max: 99 }),
        (lat, lng, window, index) => {
          const cell = cellOf(lat, lng)
          expect(parseDropId(formatDropId({ cell, window, index }))).toEqual({ cell, watchCell: cell.slice(0, 6), window, index })
        },
      ),
    )
  })

  test('behavior: random strings never throw and never parse to a path (property)', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const address = parseDropId(id)
        if (address) expect(id).toMatch(/^[0-9a-z]{7}_\d+_\d+$/)
      }),
    )
  })
})
