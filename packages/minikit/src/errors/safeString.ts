/**
 * `String(value)` for error text, which must not throw itself: objects
 * without a usable `toString` (null prototype, `{ toString: 1 }`) show
 * their type instead.
 *
 * @example
 * ```ts
 * safeString(Object.create(null)) // 'object'
 * ```
 */
export function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}
