import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { displayNameOf, generatedNameOf, isRefusedName, MAX_DISPLAY_NAME_LENGTH } from './displayName.js'

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

/** A code point as a one-character (or surrogate-pair) string. */
const character = (codePoint: number) => String.fromCodePoint(codePoint)
const is = (pattern: RegExp) => (codePoint: number) => pattern.test(character(codePoint))

// The categories, read from the engine's own Unicode tables (the rule under
// test uses the same tables, so the two cannot drift apart by a version).
// Planes 0–3 and 14 hold every assigned character but private use; the
// unassigned (Cn) and private-use (Co) code points are drawn from the whole
// range below instead of being listed.
const scanned = [
  ...Array.from({ length: 0x40000 }, (_, codePoint) => codePoint),
  ...Array.from({ length: 0x1000 }, (_, offset) => 0xe0000 + offset),
].filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff)
const defaultIgnorable = is(/^\p{Default_Ignorable_Code_Point}$/u)
/** Blank-looking letters and symbols the rule lists by hand (see displayName.ts). */
const blanks = [0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x1d159]
const nameCharacters = scanned.filter(
  (codePoint) =>
    (is(/^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u)(codePoint) || codePoint === 0x20) &&
    !defaultIgnorable(codePoint) &&
    !blanks.includes(codePoint),
)
const visibleCharacters = nameCharacters.filter(is(/^[\p{L}\p{N}\p{P}\p{S}]$/u))
const letters = nameCharacters.filter(is(/^\p{L}$/u))
const marks = nameCharacters.filter(is(/^\p{M}$/u))
// The joiner (Cf) and VS16 (Mn) are default-ignorable too but pass inside an
// emoji; they have properties of their own below.
const emojiJoiners = [0x200d, 0xfe0f]
const notJoiner = (codePoint: number) => !emojiJoiners.includes(codePoint)

/** One of `codePoints`, as a string. */
const oneOf = (codePoints: readonly number[]) =>
  fc.integer({ min: 0, max: codePoints.length - 1 }).map((index) => character(codePoints[index] ?? 0x3f))

/** Every code point a name refuses, by category, each with an arbitrary drawing from it. */
const refusedKinds = {
  'Cc (controls)': oneOf(scanned.filter(is(/^\p{Cc}$/u))),
  'Cf (format), but the joiner': oneOf(scanned.filter(is(/^\p{Cf}$/u)).filter(notJoiner)),
  'Zs (spaces), but U+0020': oneOf(scanned.filter(is(/^\p{Zs}$/u)).filter((codePoint) => codePoint !== 0x20)),
  'Zl (line separator)': oneOf(scanned.filter(is(/^\p{Zl}$/u))),
  'Zp (paragraph separator)': oneOf(scanned.filter(is(/^\p{Zp}$/u))),
  'Co (private use)': fc
    .oneof(
      fc.integer({ min: 0xe000, max: 0xf8ff }),
      fc.integer({ min: 0xf0000, max: 0xffffd }),
      fc.integer({ min: 0x100000, max: 0x10fffd }),
    )
    .map(character),
  'Cn (unassigned)': fc
    .integer({ min: 0, max: 0x10ffff })
    .filter(is(/^\p{Cn}$/u))
    .map(character),
  'Cs (lone surrogates)': fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  'Default_Ignorable_Code_Point, but the joiner and VS16': oneOf(scanned.filter(defaultIgnorable).filter(notJoiner)),
  'blank-looking letters and symbols': oneOf(blanks),
}

/**
 * A name the rule accepts: letters, marks, numbers, punctuation, symbols and
 * plain spaces with at least one visible character, at most 41 code points
 * (NFC lengthens a few characters, to at most 3: still within 64).
 */
const acceptedName = fc
  .tuple(
    fc.array(oneOf(nameCharacters), { maxLength: 20 }),
    oneOf(visibleCharacters),
    fc.array(oneOf(nameCharacters), { maxLength: 20 }),
  )
  .map(([before, visible, after]) => [...before, visible, ...after].join(''))

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

  test('behavior: property: whatever the input, a shown name is NFC, ≤ 64 code points and holds no refused character (the joiner only inside an emoji)', () => {
    const anyCharacter = fc.oneof(fc.constantFrom(...refused), fc.string({ unit: 'grapheme', maxLength: 1 }))
    fc.assert(
      fc.property(fc.array(anyCharacter, { maxLength: 80 }), (parts) => {
        const shown = displayNameOf(parts.join(''))
        if (shown === null) return
        expect(shown).toBe(shown.normalize('NFC'))
        expect([...shown].length).toBeGreaterThan(0)
        expect([...shown].length).toBeLessThanOrEqual(MAX_DISPLAY_NAME_LENGTH)
        // The joiner only ever joins two emoji (fast-check's graphemes include ZWJ sequences).
        for (const character of refused) if (character !== '\u200D') expect(shown).not.toContain(character)
        expect(shown).not.toMatch(
          /(?<!\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D|\u200D(?!\p{Extended_Pictographic})/u,
        )
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
  test.each([
    ['U+3164 HANGUL FILLER', '\u3164'],
    ['U+115F/U+1160 HANGUL CHOSEONG/JUNGSEONG FILLER', '\u115F\u1160'],
    ['U+FFA0 HALFWIDTH HANGUL FILLER', '\uFFA0'],
    ['U+00AD SOFT HYPHEN', '\u00AD'],
    ['U+2800 BRAILLE PATTERN BLANK', '\u2800'],
    ['U+E0041 TAG LATIN CAPITAL LETTER A', '\u{E0041}'],
    ['U+E0000–U+E007F tag characters', '\u{E0001}\u{E0020}\u{E007F}'],
    ['U+2061 FUNCTION APPLICATION', '\u2061'],
    ['U+2062 INVISIBLE TIMES', '\u2062'],
    ['U+2063 INVISIBLE SEPARATOR', '\u2063'],
    ['U+2064 INVISIBLE PLUS', '\u2064'],
    ['U+180E MONGOLIAN VOWEL SEPARATOR', '\u180E'],
    ['U+1D159 MUSICAL SYMBOL NULL NOTEHEAD', '\u{1D159}'],
  ])('error: %s is refused, alone, repeated, between spaces and inside a name', (_name, blank) => {
    expect(displayNameOf(blank)).toBeNull()
    expect(displayNameOf(blank.repeat(5))).toBeNull()
    expect(displayNameOf(` ${blank} ${blank} `)).toBeNull()
    expect(displayNameOf(`ana${blank}bob`)).toBeNull()
    expect(displayNameOf(`${blank}ana`)).toBeNull()
  })

  test('error: a name of only spaces, marks or other spaces shows nothing and is refused', () => {
    expect(displayNameOf('\u0301\u0301')).toBeNull()
    expect(displayNameOf(' \u0308 ')).toBeNull()
    expect(displayNameOf('\u3000')).toBeNull()
    expect(displayNameOf('ana\u00A0bob')).toBeNull()
    expect(displayNameOf('山田\u3000太郎')).toBeNull()
  })

  test('default: names with accents, other scripts, emoji, punctuation and symbols are shown', () => {
    for (const name of ['José', 'Nguyễn Văn An', 'محمد', 'Ольга', 'संजय', 'ana_b-1.2', '€uro ★', 'ana ❤️', 'ana 🇧🇷']) {
      expect(displayNameOf(name), name).toBe(name.normalize('NFC'))
    }
  })

  test.each([
    ['a profession with a skin tone', '👩🏽‍💻'],
    ['a family', '👨‍👩‍👧‍👦'],
    ['a flag with VS16 before the joiner', '🏳️‍🌈'],
    ['a joined pair ending in VS16', '🐻‍❄️'],
    ['a heart with VS16', '❤️'],
    ['a keycap', '1️⃣'],
    ['a keycap #', '#️⃣'],
  ])('behavior: the joiner and VS16 pass inside an emoji: %s', (_name, emoji) => {
    expect(displayNameOf(emoji)).toBe(emoji)
    expect(displayNameOf(`ana ${emoji} bob`)).toBe(`ana ${emoji} bob`)
  })

  test.each([
    ['a joiner between letters', 'ana\u200Dbob'],
    ['a joiner after an emoji, before a letter', '👍\u200Dana'],
    ['a joiner before an emoji, after a letter', 'ana\u200D👍'],
    ['a joiner at the end', 'ana 👍\u200D'],
    ['a joiner at the start', '\u200D👍 ana'],
    ['two joiners', '👨\u200D\u200D👩'],
    ['VS16 after a letter', 'ana\uFE0F'],
    ['VS16 after a digit that is no keycap', 'ana1\uFE0F'],
    ['VS16 alone', '\uFE0F'],
    ['VS15 (text presentation)', 'ana ❤\uFE0E'],
    ['an ideographic variation selector', '葛\u{E0100}'],
    ['a subdivision flag (tag characters)', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
  ])('error: %s is refused', (_name, name) => {
    expect(displayNameOf(name)).toBeNull()
  })

  test('behavior: property: a name of letters, marks, numbers, punctuation, symbols and plain spaces with a visible character is shown, NFC and trimmed', () => {
    fc.assert(
      fc.property(acceptedName, (name) => {
        expect(displayNameOf(name)).toBe(name.normalize('NFC').trim())
      }),
      { numRuns: 300 },
    )
  })

  for (const [kind, refusedCharacter] of Object.entries(refusedKinds)) {
    test(`error: property: a name holding a character of ${kind} anywhere is refused`, () => {
      fc.assert(
        fc.property(acceptedName, refusedCharacter, acceptedName, (before, bad, after) => {
          expect(displayNameOf(`${before}${bad}${after}`)).toBeNull()
          // At either end: refused too, or trimmed away (JavaScript's trim takes spaces and line ends).
          for (const name of [`${bad}${before}`, `${before}${bad}`]) {
            const shown = displayNameOf(name)
            if (shown !== null) expect(shown).toBe(before.normalize('NFC').trim())
          }
        }),
        { numRuns: 100 },
      )
    })
  }

  test('error: property: the joiner or VS16 next to anything but an emoji is refused', () => {
    fc.assert(
      fc.property(
        fc.array(oneOf(letters), { minLength: 1, maxLength: 10 }),
        fc.constantFrom('\u200D', '\uFE0F'),
        fc.array(oneOf(letters), { minLength: 1, maxLength: 10 }),
        (before, joiner, after) => {
          expect(displayNameOf(`${before.join('')}${joiner}${after.join('')}`)).toBeNull()
        },
      ),
    )
  })

  test('error: property: a name with no visible character (plain spaces, marks, blank-looking characters) is refused', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(' '), oneOf(marks), oneOf(blanks)), { maxLength: 40 }), (parts) => {
        expect(displayNameOf(parts.join(''))).toBeNull()
      }),
    )
  })
})

describe('isRefusedName', () => {
  test('default: a name given and refused is refused; no name at all is not', () => {
    for (const name of ['ana\u202E', '\u3164', '\u2800', '', '   ', 42])
      expect(isRefusedName(name), JSON.stringify(name)).toBe(true)
    for (const name of ['ana', 'Quiet Wren 6747', null, undefined]) expect(isRefusedName(name), JSON.stringify(name)).toBe(false)
  })

  test('behavior: property: a given name is refused exactly when displayNameOf shows nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 70 }), (raw) => {
        expect(isRefusedName(raw)).toBe(displayNameOf(raw) === null)
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
