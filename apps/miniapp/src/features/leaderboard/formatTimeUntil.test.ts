import fc from 'fast-check'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { ptBR } from '../../lib/i18n/catalogues/pt-BR/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { formatTimeUntil as formatTimeUntilIn } from './formatTimeUntil.js'

const english = translatorFor({ locale: 'en', messages: en })
const formatTimeUntil = (ms: number) => formatTimeUntilIn(ms, english)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

test.each([
  [1, 'in under a minute'],
  [59_999, 'in under a minute'],
  [MINUTE, 'in 1 min'],
  [59 * MINUTE + 59_999, 'in 59 min'],
  [HOUR, 'in 1 hour'],
  [90 * MINUTE, 'in 1 hour'],
  [23 * HOUR + 59 * MINUTE, 'in 23 hours'],
  [DAY, 'in 1 day'],
  [2.5 * DAY, 'in 2 days'],
  [7 * DAY, 'in 7 days'],
])('parameters: %i ms is "%s"', (ms, text) => {
  expect(formatTimeUntil(ms)).toBe(text)
})

test.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('error: %s is no time left', (ms) => {
  expect(formatTimeUntil(ms)).toBeNull()
})

test('behavior: never says less time is left than there is, nor a whole unit more', () => {
  const unit = { min: MINUTE, hour: HOUR, hours: HOUR, day: DAY, days: DAY } as Record<string, number>
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 8 * DAY }), (ms) => {
      const text = formatTimeUntil(ms) ?? ''
      const match = /^in (?:under a minute|(\d+) (min|hours?|days?))$/.exec(text)
      expect(match).not.toBeNull()
      const [, count, name] = match ?? []
      if (count === undefined || name === undefined) {
        expect(ms).toBeLessThan(MINUTE)
      } else {
        const step = unit[name] ?? Number.NaN
        expect(Number(count) * step).toBeLessThanOrEqual(ms)
        expect((Number(count) + 1) * step).toBeGreaterThan(ms)
      }
    }),
  )
})

test("behavior: in the player's language, with its plurals", () => {
  const t = translatorFor({ locale: 'pt-BR', messages: ptBR })
  expect(formatTimeUntilIn(DAY, t)).toBe('em 1 dia')
  expect(formatTimeUntilIn(3 * HOUR, t)).toBe('em 3 horas')
  expect(formatTimeUntilIn(30_000, t)).toBe('em menos de um minuto')
})
