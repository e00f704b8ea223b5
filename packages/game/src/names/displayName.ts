/** The longest name a public card shows, in code points (World usernames are far shorter). */
export const MAX_DISPLAY_NAME_LENGTH = 64

// A name is made of what real names are made of: letters (\p{L}), marks
// (\p{M}), digits and numbers (\p{N}), punctuation (\p{P}), symbols (\p{S},
// which holds most emoji) and the plain space U+0020. Everything else is
// refused, which covers what makes a name render as something other than
// what it is:
// - \p{Cc}: C0/C1 controls, which include NUL, tab, CR and LF (a name is one line);
// - \p{Zl}/\p{Zp}: U+2028/U+2029, newlines outside \p{Cc};
// - \p{Cf}: bidi embeddings, overrides, isolates and marks (U+202A–U+202E,
//   U+2066–U+2069, U+200E/U+200F, U+061C), which reorder the rest of a row
//   ("evil\u202Eana" shows as "evilana" reversed, next to someone's score),
//   and zero-width characters (U+200B–U+200D, U+2060, U+FEFF), the soft
//   hyphen U+00AD, the invisible operators U+2061–U+2064, the Mongolian
//   vowel separator U+180E and the tag characters U+E0000–U+E007F, which
//   make two names that look identical compare different, or a name that
//   shows nothing;
// - \p{Zs} other than U+0020 (no-break, ideographic, thin spaces …), which
//   look like a space and are not one;
// - \p{Co}, \p{Cn}, \p{Cs}: private-use, unassigned and lone surrogates, which
//   no two fonts show alike.
// Default-ignorable code points (which a renderer draws as nothing) are
// refused even where Unicode files them under letters or marks (U+034F, the
// variation selectors, U+17B4/U+17B5, U+180B–U+180F), except the joiner and
// VS16 inside an emoji (see emojiJoinerAt).
// Refusing (not stripping) keeps the rule simple to state: a name is shown
// exactly as stored, or not at all.
const nameCharacter = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u
const defaultIgnorable = /^\p{Default_Ignorable_Code_Point}$/u
// Blank-looking characters Unicode files as letters or symbols, which the
// classes above would let through: the Hangul fillers U+115F, U+1160, U+3164
// and U+FFA0 (Lo; also default-ignorable, listed so the rule does not hang
// on that one property), U+2800 BRAILLE PATTERN BLANK (So, a cell with no
// dots) and U+1D159 MUSICAL SYMBOL NULL NOTEHEAD (So, drawn as nothing).
// A name of only these showed as an empty row on the board.
const blank = /^[\u115F\u1160\u3164\uFFA0\u2800\u{1D159}]$/u
// What makes a name visible: a letter, number, punctuation mark or symbol
// that is not blank. Marks and spaces alone show nothing (a mark with no
// base is drawn on a dotted circle, or not at all).
const visibleCharacter = /^[\p{L}\p{N}\p{P}\p{S}]$/u
const pictograph = /^\p{Extended_Pictographic}$/u
const skinTone = /^\p{Emoji_Modifier}$/u
const keycapBase = /^[#*0-9]$/
const zeroWidthJoiner = '\u200D'
const emojiPresentation = '\uFE0F'
const combiningKeycap = '\u20E3'

/**
 * Whether the joiner or VS16 at `characters[index]` is part of an emoji, the
 * one place a name needs these default-ignorable characters: VS16 (U+FE0F)
 * right after a pictograph ("❤️") or between a keycap base and U+20E3
 * ("1️⃣"); the zero-width joiner (U+200D) between two pictographs, the first
 * possibly followed by VS16 or a skin tone ("🏳️‍🌈", "👩🏽‍💻"). Anywhere else
 * they only make two names that look alike compare different. Checked by
 * shape, not against Unicode's list of recommended sequences (that needs the
 * regular-expression `v` flag, which older phone browsers lack), so "👨‍👨",
 * which fonts do not join, passes: it shows as two emoji, never as nothing.
 */
function emojiJoinerAt(characters: readonly string[], index: number): boolean {
  const before = characters[index - 1] ?? ''
  const after = characters[index + 1] ?? ''
  if (characters[index] === emojiPresentation) {
    return pictograph.test(before) || (keycapBase.test(before) && after === combiningKeycap)
  }
  const joinsFrom =
    pictograph.test(before) ||
    skinTone.test(before) ||
    (before === emojiPresentation && pictograph.test(characters[index - 2] ?? ''))
  return joinsFrom && pictograph.test(after)
}

/** Whether `characters[index]` may stand where it is in a shown name. */
function allowedAt(characters: readonly string[], index: number): boolean {
  const character = characters[index] ?? ''
  if (character === zeroWidthJoiner || character === emojiPresentation) return emojiJoinerAt(characters, index)
  return nameCharacter.test(character) && !defaultIgnorable.test(character) && !blank.test(character)
}

/**
 * The name to show for `raw`, or `null` when it must not be shown: `raw` is
 * NFC-normalised (so the same letters always compare equal, whichever way
 * they were composed) and trimmed, and refused when it is not a string, is
 * longer than {@link MAX_DISPLAY_NAME_LENGTH} code points, has no visible
 * character (empty, or only spaces, marks and blank-looking characters such
 * as U+3164 HANGUL FILLER or U+2800 BRAILLE PATTERN BLANK), or holds
 * anything but letters, marks, numbers, punctuation, symbols and plain
 * spaces: a control, newline, bidi, zero-width, default-ignorable or other
 * space character. The zero-width joiner and VS16 pass only inside an emoji
 * (👩🏽‍💻, ❤️, 1️⃣); other variation selectors are refused, so a CJK name
 * written with an ideographic variation selector is not shown (rare in a
 * username, and invisible in most fonts), nor is a subdivision flag (🏴 and
 * tag characters). A refused name falls back to {@link generatedNameOf} at
 * the caller.
 *
 * @example
 * ```ts
 * displayNameOf('Ana') // 'Ana'
 * displayNameOf('An\u0303a') // 'Aña' (NFC)
 * displayNameOf('ana 👩🏽‍💻') // 'ana 👩🏽‍💻'
 * displayNameOf('ana\u202E') // null
 * displayNameOf('\u3164') // null (HANGUL FILLER: nothing visible)
 * ```
 */
export function displayNameOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const name = raw.normalize('NFC').trim()
  const characters = [...name]
  if (characters.length > MAX_DISPLAY_NAME_LENGTH) return null
  if (!characters.some((character) => visibleCharacter.test(character) && !blank.test(character))) return null
  return characters.every((_, index) => allowedAt(characters, index)) ? name : null
}

/**
 * Whether `raw` is a name given and refused by {@link displayNameOf} (no
 * name at all, `null` or `undefined`, is not refused). A refused name takes
 * the avatar of the same lookup with it: the account chose a name made to
 * mislead (a bidi override, only blank characters …), and its picture
 * beside the generated name would still pass for whoever it copies.
 *
 * @example
 * ```ts
 * isRefusedName('ana\u202E') // true
 * isRefusedName('\u3164') // true
 * isRefusedName(null) // false
 * isRefusedName('ana') // false
 * ```
 */
export function isRefusedName(raw: unknown): boolean {
  return raw !== null && raw !== undefined && displayNameOf(raw) === null
}

const adjectives = [
  'Brave',
  'Bright',
  'Calm',
  'Clever',
  'Curious',
  'Daring',
  'Eager',
  'Gentle',
  'Happy',
  'Honest',
  'Jolly',
  'Keen',
  'Kind',
  'Lively',
  'Lucky',
  'Merry',
  'Mighty',
  'Nimble',
  'Noble',
  'Patient',
  'Polite',
  'Proud',
  'Quick',
  'Quiet',
  'Rapid',
  'Sharp',
  'Steady',
  'Sunny',
  'Swift',
  'Tidy',
  'Wise',
  'Witty',
] as const

const animals = [
  'Badger',
  'Bear',
  'Beaver',
  'Crane',
  'Deer',
  'Dolphin',
  'Eagle',
  'Falcon',
  'Fox',
  'Gecko',
  'Heron',
  'Ibis',
  'Koala',
  'Lark',
  'Lynx',
  'Moose',
  'Otter',
  'Owl',
  'Panda',
  'Puffin',
  'Rabbit',
  'Raven',
  'Robin',
  'Seal',
  'Sparrow',
  'Swan',
  'Tiger',
  'Turtle',
  'Walrus',
  'Whale',
  'Wolf',
  'Wren',
] as const

/**
 * A neutral name for a player without a World username: an adjective, an
 * animal and a 4-digit number, derived from the player's public id (never
 * the wallet), so it is the same on every viewer's board and every visit,
 * and holds nothing that links it to a wallet. 32 × 32 × 9000 ≈ 9.2M names.
 *
 * @example
 * ```ts
 * generatedNameOf('p3f9a…') // e.g. 'Swift Otter 4821'
 * ```
 */
export function generatedNameOf(publicId: string): string {
  // FNV-1a, 32 bits, twice with different offsets: a spread that is stable
  // across runtimes without a crypto dependency (this is not a secret).
  const hash = (offset: number) => {
    let h = offset
    for (let index = 0; index < publicId.length; index++) {
      h ^= publicId.charCodeAt(index)
      h = Math.imul(h, 0x01000193) >>> 0
    }
    return h
  }
  const first = hash(0x811c9dc5)
  const second = hash(0x9e3779b9)
  const adjective = adjectives[first % adjectives.length]
  const animal = animals[(first >>> 8) % animals.length]
  return `${adjective} ${animal} ${1000 + (second % 9000)}`
}
