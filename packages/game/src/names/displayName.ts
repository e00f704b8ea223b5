/** The longest name a public card shows, in code points (World usernames are far shorter). */
export const MAX_DISPLAY_NAME_LENGTH = 64

// Characters that make a name render as something other than what it is:
// - \p{Cc}: C0/C1 controls, which include NUL, tab, CR and LF (a name is one line);
// - U+2028/U+2029: line and paragraph separators (newlines outside \p{Cc});
// - U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C: bidi embeddings,
//   overrides, isolates and marks, which reorder the rest of a row
//   ("evil\u202Eana" shows as "evilana" reversed, next to someone's score);
// - U+200B–U+200D, U+2060, U+FEFF: zero-width characters, which make two
//   names that look identical compare different.
// Refusing (not stripping) keeps the rule simple to state: a name is shown
// exactly as stored, or not at all.
const refusedCharacters = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/u

/**
 * The name to show for `raw`, or `null` when it must not be shown: `raw` is
 * NFC-normalised (so the same letters always compare equal, whichever way
 * they were composed) and trimmed, and refused when it is not a string, is
 * empty, is longer than {@link MAX_DISPLAY_NAME_LENGTH} code points or holds
 * a control, newline, bidi or zero-width character. A refused name falls
 * back to {@link generatedNameOf} at the caller.
 *
 * @example
 * ```ts
 * displayNameOf('Ana') // 'Ana'
 * displayNameOf('An\u0303a') // 'Aña' (NFC)
 * displayNameOf('ana\u202E') // null
 * ```
 */
export function displayNameOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const name = raw.normalize('NFC').trim()
  if (name.length === 0 || [...name].length > MAX_DISPLAY_NAME_LENGTH) return null
  return refusedCharacters.test(name) ? null : name
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
