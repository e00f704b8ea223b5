/**
 * The server's environment is missing or has an invalid setting. The message
 * names the variables only, never their values (one of them is a secret).
 *
 * @example
 * ```ts
 * try {
 *   readServerConfig(process.env)
 * } catch (error) {
 *   if (error instanceof ConfigError) console.error(error.code, error.variables) // 'invalid_config', ['WORLDMAP_NONCE_SECRET']
 * }
 * ```
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
  /** Stable machine-readable code. */
  readonly code = 'invalid_config'
  readonly shortMessage: string
  /** The offending variable names. */
  readonly variables: string[]

  constructor(variables: string[]) {
    const shortMessage = 'Server configuration is invalid.'
    super(`${shortMessage}\n\nDetails: check ${variables.join(', ')}`)
    this.shortMessage = shortMessage
    this.variables = variables
  }
}
