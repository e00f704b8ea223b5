import { LOCALES } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatDistance, formatNumber } from './formatNumber.js'

describe('formatNumber', () => {
  test('default', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345')
    expect(formatNumber(12345, 'es')).toBe('12.345')
    expect(formatNumber(12345, 'pt-BR')).toBe('12.345')
    expect(formatNumber(12345, 'id')).toBe('12.345')
    expect(formatNumber(0.5, 'pt-BR', { style: 'percent' })).toBe('50%')
  })
})

describe('formatDistance', () => {
  test('default', () => {
    expect(formatDistance(240, 'en')).toBe('240 m')
    expect(formatDistance(1530, 'id')).toBe('1,5 km')
    expect(formatDistance(1530, 'en')).toBe('1.5 km')
  })

  test('behavior: under a kilometre in whole metres, from there in kilometres, in every locale', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.double({ min: 0, max: 50_000, noNaN: true }), (locale, meters) => {
        const text = formatDistance(meters, locale)
        expect(text).toMatch(meters < 999.5 ? /^\d+\s?m$/ : /^[\d.,\s]+\s?km$/)
      }),
    )
  })
})
