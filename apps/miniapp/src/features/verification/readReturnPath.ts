/**
 * Where a screen that sent the player to verify wants them back: a path of
 * the app's own map (`/map`, `/map?drop=…`), taken from a URL's `next`.
 * Anything else — another route, another origin (`//evil.test`), a scheme,
 * a missing value — is `null`, so the link can never lead out of the game.
 *
 * @example
 * ```ts
 * readReturnPath('/map?drop=w21z73t_997459_0') // '/map?drop=w21z73t_997459_0'
 * readReturnPath('https://evil.test/map') // null
 * ```
 */
export function readReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  return /^\/map(?:[?#][^\\\s]*)?$/.test(value) ? value : null
}

/**
 * The home URL that verifies in place and then sends the player back to
 * `path` (a map path, see {@link readReturnPath}).
 *
 * @example
 * ```ts
 * verifyThenReturnTo('/map?drop=a') // '/?next=%2Fmap%3Fdrop%3Da'
 * ```
 */
export function verifyThenReturnTo(path: string): string {
  return `/?next=${encodeURIComponent(path)}`
}
