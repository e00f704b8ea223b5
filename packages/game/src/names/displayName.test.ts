import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { displayNameOf, generatedNameOf, MAX_DISPLAY_NAME_LENGTH } from './displayName.js'

/** Every character the rule refuses, one of each kind. */
const refused = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u007F',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
]

describe('displayNameOf', () => {
  test('default: a plain name is shown as it is', () => {
    expect(displayNameOf('ana.1234')).toBe('ana.1234')
    expect(displayNameOf('Zoë Müller')).toBe('Zoë Müller')
    expect(displayNameOf('山田')).toBe('山田')
  })

  test('behavior: the name is NFC-normalised and trimmed', () => {
    expect(displayNameOf('Zoe\u0308')).toBe('Zo\u00EB')
    expect(displayNameOf('  ana ')).toBe('ana')
  })

  test('behavior: bidi overrides and isolates, zero-width characters, controls, newlines and NUL are refused', () => {
    for (const character of refused) {
      expect(displayNameOf(`ana${character}bob`), JSON.stringify(character)).toBeNull()
    }
    expect(displayNameOf('\u202Eevil')).toBeNull()
    expect(displayNameOf('ana\u200B')).toBeNull()
  })

  test('behavior: empty, too long and non-string names are refused', () => {
    expect(displayNameOf('')).toBeNull()
    expect(displayNameOf('   ')).toBeNull()
    expect(displayNameOf('a'.repeat(MAX_DISPLAY_NAME_LENGTH))).toHaveLength(MAX_DISPLAY_NAME_LENGTH)
    expect(displayNameOf('a'.repeat(MAX_DISPLAY_NAME_LENGTH + 1))).toBeNull()
    expect(displayNameOf(null)).toBeNull()
    expect(displayNameOf(42)).toBeNull()
  })

  test('behavior: property: whatever the input, a shown name is NFC, ≤ 64 code points and holds no refused character', () => {
    const anyCharacter = fc.oneof(fc.constantFrom(...refused), fc.string({ unit: 'grapheme', maxLength: 1 }))
    fc.assert(
      fc.property(fc.array(anyCharacter, { maxLength: 80 }), (parts) => {
        const shown = displayNameOf(parts.join(''))
        if (shown === null) return
        expect(shown).toBe(shown.normalize('NFC'))
        expect([...shown].length).toBeGreaterThan(0)
        expect([...shown].length).toBeLessThanOrEqual(MAX_DISPLAY_NAME_LENGTH)
        for (const character of refused) expect(shown).not.toContain(character)
      }),
    )
  })

  test('behavior: property: a name with a refused character anywhere is never shown', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(...refused),
        fc.string({ maxLength: 30 }),
        (before, bad, after) => {
          expect(displayNameOf(`${before}x${bad}x${after}`)).toBeNull()
        },
      ),
    )
  })

  test('behavior: property: showing is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 70 }), (raw) => {
        const shown = displayNameOf(raw)
        if (shown !== null) expect(displayNameOf(shown)).toBe(shown)
      }),
    )
  })
})

describe('generatedNameOf', () => {
  test('default: an adjective, an animal and a 4-digit number', () => {
    expect(generatedNameOf('p0123456789abcdef')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{4}$/)
  })

  test('behavior: property: the same public id always gets the same name, a plain one that passes displayNameOf', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (publicId) => {
        const name = generatedNameOf(publicId)
        expect(generatedNameOf(publicId)).toBe(name)
        expect(displayNameOf(name)).toBe(name)
        expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{3}$/)
        expect(name.toLowerCase()).not.toContain('0x')
      }),
    )
  })

  test('behavior: 2,000 public ids get (almost) 2,000 different names', () => {
    const names = new Set(Array.from({ length: 2000 }, (_, index) => generatedNameOf(`p${index.toString(16).padStart(24, '0')}`)))
    // 9.2M possible names: a birthday collision among 2,000 is possible but rare.
    expect(names.size).toBeGreaterThanOrEqual(1995)
  })
})
