import type { Locale } from './locales.js'
import type { Message, MessageValue } from './translation.js'

// Built once per locale: constructing Intl objects costs far more than using
// them, and a screen formats dozens of messages per render.
const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * The cached `Intl.PluralRules` (cardinal) for a locale.
 *
 * @example
 * ```ts
 * pluralRulesFor('pt-BR').select(0) // 'one' (Brazilian Portuguese: "0 ponto")
 * ```
 */
export function pluralRulesFor(locale: Locale): Intl.PluralRules {
  return cached(pluralRules, locale, () => new Intl.PluralRules(locale))
}

/**
 * The cached default `Intl.NumberFormat` for a locale (grouping as the locale writes it: 1,234 / 1.234).
 *
 * @example
 * ```ts
 * numberFormatFor('es').format(12345) // '12.345'
 * ```
 */
export function numberFormatFor(locale: Locale): Intl.NumberFormat {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale))
}

/** `cache`'s entry for `locale`, made by `make` the first time it is asked for. */
function cached<T>(cache: Map<string, T>, locale: Locale, make: () => T): T {
  let value = cache.get(locale)
  if (value === undefined) {
    value = make()
    cache.set(locale, value)
  }
  return value
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g

/**
 * A catalogue message in words: the plural form for `values.count` (by the
 * locale's `Intl.PluralRules`, `other` when the language's category is
 * missing), with each `{name}` replaced by its value (numbers formatted for
 * the locale). A placeholder without a value stays as written: the types make
 * that unreachable from typed callers, and a visible `{name}` is a better
 * failure than a blank screen.
 *
 * @example
 * ```ts
 * formatMessage({ one: '{count} drop nearby', other: '{count} drops nearby' }, { count: 1200 }, 'en') // '1,200 drops nearby'
 * formatMessage('Hi {name}', { name: 'Ana' }, 'es') // 'Hi Ana'
 * ```
 */
export function formatMessage(
  entry: Message,
  values: Readonly<Record<string, MessageValue>> | undefined,
  locale: Locale,
): string {
  let text: string
  if (typeof entry === 'string') {
    text = entry
  } else {
    const count = values?.count
    const category = typeof count === 'number' ? pluralRulesFor(locale).select(count) : 'other'
    text = entry[category] ?? entry.other
  }
  if (!values) return text
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole
    const value = values[name]
    return typeof value === 'number' ? numberFormatFor(locale).format(value) : String(value)
  })
}

/**
 * The `{name}` placeholders a message uses (every plural form together), for catalogue checks.
 *
 * @example
 * ```ts
 * placeholdersOf({ one: '{count} day', other: '{count} days left, {name}' }) // Set { 'count', 'name' }
 * ```
 */
export function placeholdersOf(entry: Message): Set<string> {
  const texts = typeof entry === 'string' ? [entry] : Object.values(entry)
  const names = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1] as string)
  return names
}
