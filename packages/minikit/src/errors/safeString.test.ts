import { describe, expect, test } from 'vitest'
import { safeString } from './safeString.js'

describe('safeString', () => {
  test('default', () => {
    expect(safeString(42)).toBe('42')
  })

  test.each<[string, unknown, string]>([
    ['string', 'abc', 'abc'],
    ['bigint', 5n, '5'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['symbol', Symbol('s'), 'Symbol(s)'],
    ['array', [1, 2], '1,2'],
    ['plain object', {}, '[object Object]'],
    ['null-prototype object', Object.create(null), 'object'],
    ['object whose toString is not callable', { toString: 1, valueOf: 2 }, 'object'],
    [
      'object whose toString throws',
      {
        toString: () => {
          throw new Error('no')
        },
      },
      'object',
    ],
  ])('parameters: %s', (_name, value, text) => {
    expect(safeString(value)).toBe(text)
  })
})
