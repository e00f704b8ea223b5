import { BaseError } from '@worldmap/game'

/** One bad setting: the variable and why, never its value. */
export interface ConfigProblem {
  /** The environment variable, e.g. `WORLDMAP_APP_ID`. */
  variable: string
  /** What is wrong, completing "`variable` …": `is not set`, `must be an https URL`. */
  reason: string
}

/**
 * The server's environment is missing or has an invalid setting. The message
 * names the variables (and, when known, why each is wrong), never their
 * values (some of them are secrets).
 *
 * @example
 * ```ts
 * try {
 *   readFunctionsConfig(process.env)
 * } catch (error) {
 *   if (error instanceof ConfigError) console.error(error.code, error.variables) // 'invalid_config', ['WORLDMAP_NONCE_SECRET']
 * }
 * ```
 */
export class ConfigError extends BaseError {
  override name = 'ConfigError'
  override readonly code = 'invalid_config'
  /** The offending variable names. */
  readonly variables: string[]
  /** Every problem, with its reason (`is invalid` when the thrower gave none). */
  readonly problems: ConfigProblem[]

  /** @param problems the bad variables, by name or with the reason each is wrong */
  constructor(problems: readonly (string | ConfigProblem)[]) {
    const shortMessage = 'Server configuration is invalid.'
    const withReasons = problems.some((problem) => typeof problem !== 'string')
    const list = problems.map((problem) => (typeof problem === 'string' ? { variable: problem, reason: 'is invalid' } : problem))
    const details = withReasons
      ? list.map(({ variable, reason }) => `- ${variable} ${reason}`).join('\n')
      : `check ${list.map(({ variable }) => variable).join(', ')}`
    super(shortMessage, { details })
    this.variables = list.map(({ variable }) => variable)
    this.problems = list
  }
}
