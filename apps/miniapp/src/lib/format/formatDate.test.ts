import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './formatDate.js'

describe('formatDate', () => {
  it('writes a day as month, day and year', () => {
    expect(formatDate(Date.UTC(2026, 10, 23, 12))).toMatch(/^Nov 2[234], 2026$/)
  })

  it('adds the time to the same day format', () => {
    const at = Date.UTC(2026, 10, 23, 12)
    expect(formatDateTime(at).startsWith(formatDate(at))).toBe(true)
    expect(formatDateTime(at)).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)$/)
  })

  it('never shows a raw number or an invalid date for any time a find can have', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2100, 0, 1) }), (at) => {
        expect(formatDate(at)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      }),
    )
  })
})

describe('formatDate in the player’s language', () => {
  it('writes the same day in each language’s own order and words', () => {
    const at = Date.UTC(2026, 10, 23, 12)
    expect(formatDate(at, 'es')).toMatch(/^2[234] nov 2026$/)
    expect(formatDate(at, 'pt-BR')).toMatch(/^2[234] de nov\.? de 2026$/)
    expect(formatDate(at, 'id')).toMatch(/^2[234] Nov 2026$/)
    expect(formatDateTime(at, 'es').startsWith(formatDate(at, 'es'))).toBe(true)
  })
})
