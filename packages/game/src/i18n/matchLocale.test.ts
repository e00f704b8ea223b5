import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DEFAULT_LOCALE, isLocale, LOCALES, portalLanguageOf } from './locales.js'
import { matchLocale } from './matchLocale.js'

const REGIONS = ['', '-MX', '-419', '-ES', '-BR', '-PT', '-ID', '-US', '-GB', '_AR']
/** Tags of languages WorldMap does not speak. */
const unspoken = fc.constantFrom('fr', 'de', 'ja', 'zh-Hans-CN', 'ko-KR', 'it', 'ru', 'ar-EG', 'tr', 'x-klingon', '*')
const spoken = fc
  .tuple(fc.constantFrom('en', 'es', 'pt', 'id', 'in', 'EN', 'Es', 'PT'), fc.constantFrom(...REGIONS))
  .map(([primary, region]) => primary + region)
const expected = (tag: string) =>
  ({ en: 'en', es: 'es', pt: 'pt-BR', id: 'id', in: 'id' })[tag.split(/[-_]/)[0]?.toLowerCase() ?? ''] ?? 'en'
const q = fc.integer({ min: 1, max: 1000 }).map((n) => n / 1000)

describe('matchLocale', () => {
  test('default', () => {
    expect(matchLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(matchLocale('pt-PT')).toBe('pt-BR')
    expect(matchLocale('pt')).toBe('pt-BR')
    expect(matchLocale('pt-BR')).toBe('pt-BR')
    expect(matchLocale('id')).toBe('id')
    expect(matchLocale('in')).toBe('id')
    expect(matchLocale('id-ID')).toBe('id')
    expect(matchLocale('fr-FR')).toBe('en')
    expect(matchLocale(['es-419', 'en'])).toBe('es')
  })

  test('behavior: nothing given, or nothing WorldMap speaks, is English', () => {
    expect(matchLocale(undefined)).toBe(DEFAULT_LOCALE)
    expect(matchLocale(null)).toBe('en')
    expect(matchLocale('')).toBe('en')
    expect(matchLocale([])).toBe('en')
    expect(matchLocale('*')).toBe('en')
    expect(matchLocale('de-DE,fr;q=0.5')).toBe('en')
  })

  test('behavior: q-values rank the entries, not their order; q=0 excludes one', () => {
    expect(matchLocale('en;q=0.5,id;q=0.9')).toBe('id')
    expect(matchLocale('es;q=0,pt;q=0.1')).toBe('pt-BR')
    expect(matchLocale('fr,es;q=0.2,en;q=0.1')).toBe('es')
    expect(matchLocale('es;q=0')).toBe('en')
  })

  test('behavior: a malformed weight drops its entry', () => {
    expect(matchLocale('es;q=2,id;q=0.3')).toBe('id')
    expect(matchLocale('es;q=abc')).toBe('en')
    expect(matchLocale('es;;')).toBe('en')
  })

  test('behavior: any one spoken tag, whatever its region or case, maps to its language', () => {
    fc.assert(fc.property(spoken, (tag) => matchLocale(tag) === expected(tag)))
  })

  test('behavior: the spoken tag with the highest q wins over any number of unspoken ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(unspoken, q), { maxLength: 6 }),
        fc.array(fc.tuple(spoken, q), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (others, wanted, seed) => {
          const entries = [...others, ...wanted]
          // A deterministic shuffle: order only breaks ties.
          const shuffled = entries.map((entry, i) => ({ entry, key: (i * 7919 + seed) % 101 })).sort((a, b) => a.key - b.key)
          const header = shuffled.map(({ entry: [tag, weight] }) => `${tag};q=${weight}`).join(', ')
          const top = Math.max(...wanted.map(([, weight]) => weight))
          const firstTop = shuffled.find(({ entry: [tag, weight] }) => weight === top && wanted.some(([t]) => t === tag))
          expect(matchLocale(header)).toBe(expected(firstTop?.entry[0] ?? ''))
        },
      ),
    )
  })

  test('behavior: a list of tags and the same tags as a header agree', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(spoken, unspoken), { maxLength: 8 }), (tags) => {
        expect(matchLocale(tags)).toBe(matchLocale(tags.join(',')))
      }),
    )
  })

  test('behavior: any string at all gives one of the locales, never a throw', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (header) => LOCALES.includes(matchLocale(header))))
  })
})

describe('portalLanguageOf', () => {
  test('default', () => {
    expect(LOCALES.map(portalLanguageOf)).toEqual(['en', 'es', 'pt', 'id'])
  })
})

describe('isLocale', () => {
  test('default', () => {
    expect(LOCALES.every(isLocale)).toBe(true)
    expect(isLocale('pt')).toBe(false)
    expect(isLocale(undefined)).toBe(false)
  })
})
