import { DEFAULT_LOCALE, type Locale } from './locales.js'

// By primary subtag: every Spanish (es-MX, es-419…) reads the one Spanish
// catalogue, every Portuguese reads Brazil's (most World App players who read
// Portuguese are in Brazil), and `in` is Indonesian's deprecated code, which
// older Android and Java runtimes still send.
const BY_PRIMARY: Readonly<Record<string, Locale>> = { en: 'en', es: 'es', pt: 'pt-BR', id: 'id', in: 'id' }

/** Longest tag looked at: BCP-47 tags are short; a longer one is junk, not a preference. */
const MAX_TAG_LENGTH = 35
/** Most entries looked at: a real Accept-Language lists a handful; a flood costs no more than this. */
const MAX_ENTRIES = 32
const Q_PATTERN = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

interface Preference {
  readonly locale: Locale | undefined
  readonly q: number
  readonly order: number
}

function parseEntry(entry: string, order: number): Preference | undefined {
  const [rawTag = '', ...parameters] = entry.split(';').map((part) => part.trim())
  if (rawTag === '' || rawTag.length > MAX_TAG_LENGTH) return undefined
  let q = 1
  for (const parameter of parameters) {
    const match = Q_PATTERN.exec(parameter)
    // A malformed weight makes the whole entry unusable (RFC 9110 §12.4.2), not a full-weight one.
    if (!match) return undefined
    q = Number(match[1])
  }
  const primary = rawTag.split(/[-_]/, 1)[0]?.toLowerCase() ?? ''
  return { locale: Object.hasOwn(BY_PRIMARY, primary) ? BY_PRIMARY[primary] : undefined, q, order }
}

/**
 * The best locale WorldMap speaks for a player's language preferences: an
 * `Accept-Language` header (`es-MX,es;q=0.9,en;q=0.8`) or a list of BCP-47
 * tags in order of preference (`navigator.languages`). The most preferred
 * entry WorldMap speaks wins (q-values honoured, ties keep their order;
 * `q=0` means "not this one"); `es-*` → `es`, `pt`/`pt-*` → `pt-BR`,
 * `id`/`in`/`id-*` → `id`, `en-*` → `en`; nothing spoken → {@link DEFAULT_LOCALE}.
 * Never throws: a header is untrusted input, and a bad one means English.
 *
 * @example
 * ```ts
 * matchLocale('fr-FR,pt-PT;q=0.8,en;q=0.5') // 'pt-BR'
 * matchLocale(['in-ID', 'en']) // 'id'
 * matchLocale(undefined) // 'en'
 * ```
 */
export function matchLocale(tags: string | readonly string[] | null | undefined): Locale {
  if (tags == null) return DEFAULT_LOCALE
  const entries = (typeof tags === 'string' ? tags.split(',') : tags).slice(0, MAX_ENTRIES)
  let best: Preference | undefined
  entries.forEach((entry, order) => {
    if (typeof entry !== 'string') return
    const preference = parseEntry(entry, order)
    if (!preference?.locale || preference.q <= 0) return
    if (!best || preference.q > best.q) best = preference
  })
  return best?.locale ?? DEFAULT_LOCALE
}
