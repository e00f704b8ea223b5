import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { formatMessage, placeholdersOf, pluralRulesFor } from './formatMessage.js'
import { LOCALES } from './locales.js'

const points = { one: '+{count} point', other: '+{count} points' }
const locale = fc.constantFrom(...LOCALES)
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/)
/** Text without braces: a placeholder can only be what the test puts in. */
const text = fc.string({ maxLength: 20 }).map((s) => s.replace(/[{}]/g, ''))

describe('formatMessage', () => {
  test('default', () => {
    expect(formatMessage('Goal met — {streak}-day streak', { streak: 3 }, 'en')).toBe('Goal met — 3-day streak')
    expect(formatMessage(points, { count: 1 }, 'en')).toBe('+1 point')
    expect(formatMessage(points, { count: 5 }, 'en')).toBe('+5 points')
    expect(formatMessage('WorldMap', undefined, 'id')).toBe('WorldMap')
  })

  test('behavior: numbers are written as the locale writes them', () => {
    expect(formatMessage(points, { count: 12345 }, 'en')).toBe('+12,345 points')
    expect(formatMessage(points, { count: 12345 }, 'es')).toBe('+12.345 points')
    expect(formatMessage(points, { count: 12345 }, 'pt-BR')).toBe('+12.345 points')
    expect(formatMessage(points, { count: 12345 }, 'id')).toBe('+12.345 points')
  })

  test("behavior: the plural form is the locale's category, `other` when the language has no such form", () => {
    // Brazilian Portuguese counts 0 as singular; English does not; Indonesian has only `other`.
    expect(formatMessage({ one: '{count} ponto', other: '{count} pontos' }, { count: 0 }, 'pt-BR')).toBe('0 ponto')
    expect(formatMessage(points, { count: 0 }, 'en')).toBe('+0 points')
    expect(formatMessage({ other: '{count} poin' }, { count: 1 }, 'id')).toBe('1 poin')
    expect(formatMessage({ one: 'un millón', many: '{count} de puntos', other: '{count} puntos' }, { count: 1e6 }, 'es')).toBe(
      '1.000.000 de puntos',
    )
    expect(formatMessage({ other: 'x' }, {}, 'en')).toBe('x')
  })

  test('behavior: a placeholder without a value stays as written', () => {
    expect(formatMessage('Hi {name}, {missing}', { name: 'Ana' }, 'en')).toBe('Hi Ana, {missing}')
  })

  test('behavior: every placeholder given a string value is replaced by exactly that value', () => {
    fc.assert(
      fc.property(locale, fc.array(fc.tuple(text, name, text), { maxLength: 5 }), (loc, parts) => {
        const template = parts.map(([before, n, after]) => `${before}{${n}}${after}`).join('')
        const values = Object.fromEntries(parts.map(([, n]) => [n, `<${n}>`]))
        const expected = parts.map(([before, n, after]) => `${before}<${n}>${after}`).join('')
        expect(formatMessage(template, values, loc)).toBe(expected)
      }),
    )
  })

  test("behavior: a plural picks the form named by the locale's PluralRules for any count", () => {
    fc.assert(
      fc.property(locale, fc.integer({ min: 0, max: 10_000_000 }), (loc, count) => {
        const forms = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' }
        expect(formatMessage(forms, { count }, loc)).toBe(forms[new Intl.PluralRules(loc).select(count)])
      }),
    )
  })

  test('behavior: text without placeholders comes back unchanged', () => {
    fc.assert(fc.property(locale, text, (loc, plain) => formatMessage(plain, { count: 1 }, loc) === plain))
  })

  test('behavior: one PluralRules per locale, however many messages', () => {
    const Original = Intl.PluralRules
    let built = 0
    vi.spyOn(Intl, 'PluralRules').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Original>) {
      built++
      return new Original(...args)
    } as unknown as typeof Original)
    for (let count = 0; count < 50; count++) for (const loc of LOCALES) formatMessage(points, { count }, loc)
    for (const loc of LOCALES) expect(pluralRulesFor(loc)).toBe(pluralRulesFor(loc))
    // Earlier tests may have built some already: never more than one each.
    expect(built).toBeLessThanOrEqual(LOCALES.length)
  })
})

describe('placeholdersOf', () => {
  test('default', () => {
    expect([...placeholdersOf({ one: '{count} day', other: '{count} days left, {name}' })]).toEqual(['count', 'name'])
    expect(placeholdersOf('none').size).toBe(0)
  })
})
