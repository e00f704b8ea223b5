import { LOCALES } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { localeOfRequest } from '../../lib/i18n/localeOfRequest.js'
import { type LanguageChoice, languageChoiceCookie, readLanguageChoice } from './languageChoice.js'

describe('languageChoiceCookie', () => {
  test('default', () => {
    expect(languageChoiceCookie('id', true)).toBe('worldmap-lang=id; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    expect(languageChoiceCookie('auto', false)).toBe('worldmap-lang=; Path=/; Max-Age=0; SameSite=Lax')
  })

  test('behavior: what is saved is what is read back, by the page and by the server', () => {
    const choice = fc.constantFrom<LanguageChoice>('auto', ...LOCALES)
    fc.assert(
      fc.property(choice, fc.boolean(), (chosen, secure) => {
        // The browser keeps only `name=value` of an assignment.
        const stored = chosen === 'auto' ? '' : (languageChoiceCookie(chosen, secure).split(';')[0] as string)
        expect(readLanguageChoice(stored)).toBe(chosen)
        expect(localeOfRequest({ cookie: stored, acceptLanguage: 'es-MX' })).toBe(chosen === 'auto' ? 'es' : chosen)
      }),
    )
  })
})
