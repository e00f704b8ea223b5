const isPlain = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value))

/**
 * Make a payload safe for the host's JSON, all the way down: the Android
 * bridge JSON-encodes every message and JSON has no bigint. With `'bigints'`
 * only bigints become decimal strings, inside arrays and plain objects (typed
 * data keeps its numbers, which wallets read as numbers); with `'numbers'`
 * every number and bigint does, inside any object (a transaction's fields and
 * arguments travel as strings only).
 *
 * @example
 * ```ts
 * decimalStrings({ amount: 10n, nonce: 1 }, 'bigints') // { amount: '10', nonce: 1 }
 * decimalStrings({ amount: 10n, nonce: 1 }, 'numbers') // { amount: '10', nonce: '1' }
 * ```
 */
export function decimalStrings(value: unknown, which: 'bigints' | 'numbers'): unknown {
  if (typeof value === 'bigint' || (which === 'numbers' && typeof value === 'number')) return String(value)
  if (Array.isArray(value)) return value.map((inner) => decimalStrings(inner, which))
  if (value !== null && typeof value === 'object' && (which === 'numbers' || isPlain(value))) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, decimalStrings(inner, which)]))
  }
  return value
}
