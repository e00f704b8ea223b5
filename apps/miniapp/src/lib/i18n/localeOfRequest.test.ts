import { LOCALES } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LANGUAGE_COOKIE, languageCookieOf, localeOfRequest } from './localeOfRequest.js'

describe('localeOfRequest', () => {
  test('default', () => {
    expect(localeOfRequest({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es')
    expect(localeOfRequest({ cookie: `${LANGUAGE_COOKIE}=id`, acceptLanguage: 'es-MX' })).toBe('id')
    expect(localeOfRequest({})).toBe('en')
  })

  test('behavior: a cookie naming no language WorldMap speaks is ignored, not trusted', () => {
    expect(localeOfRequest({ cookie: `${LANGUAGE_COOKIE}=fr`, acceptLanguage: 'pt-PT' })).toBe('pt-BR')
    expect(localeOfRequest({ cookie: `${LANGUAGE_COOKIE}=`, acceptLanguage: null })).toBe('en')
  })

  test('behavior: the chosen language wins over any Accept-Language, among any other cookies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(fc.stringMatching(/^[a-z_]{1,8}=[a-z0-9]{0,8}$/), { maxLength: 4 }),
        fc.string({ maxLength: 40 }),
        (locale, others, acceptLanguage) => {
          const cookie = [...others, `${LANGUAGE_COOKIE}=${locale}`, ...others].join('; ')
          expect(localeOfRequest({ cookie, acceptLanguage })).toBe(locale)
        },
      ),
    )
  })
})

describe('languageCookieOf', () => {
  test('default', () => {
    expect(languageCookieOf('a=1; worldmap-lang=pt-BR')).toBe('pt-BR')
    expect(languageCookieOf('worldmap-language=es')).toBeUndefined()
    expect(languageCookieOf('junk')).toBeUndefined()
    expect(languageCookieOf(undefined)).toBeUndefined()
  })
})
