/**
 * Raised when the app's public configuration (`PUBLIC_ENV__*`) is invalid.
 * The message names the variable, never its value.
 *
 * @example
 * ```ts
 * throw new ClientConfigError('PUBLIC_ENV__AUTH_EMULATOR_URL: Invalid URL')
 * ```
 */
export class ClientConfigError extends Error {
  override name = 'ClientConfigError'
}
