/**
 * The app server's environment is missing or invalid; the server refuses to
 * start. The message names the variable and how to fix it, never its value.
 *
 * @example
 * ```ts
 * throw new ServerConfigError('WORLDMAP_NONCE_SECRET is missing')
 * ```
 */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError'
}
