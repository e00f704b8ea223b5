import { BaseError, type BaseErrorParameters } from './BaseError.js'

/** One bad setting: the variable and why, never its value (some are secrets). */
export interface ConfigProblem {
  /** The variable, e.g. `WORLDMAP_NONCE_SECRET`. */
  variable: string
  /** What is wrong, completing "`variable` …": `is not set`, `must be an https URL`. */
  reason: string
}

/**
 * A configuration (environment variables) that is missing or invalid: the one
 * class behind the functions' `ConfigError`, the app server's
 * `ServerConfigError` and the app's `ClientConfigError`, which only give it
 * their own `name`, `code` and wording. `problems` lists every bad variable
 * and why, in order, never a value.
 *
 * @example
 * ```ts
 * class ServerConfigError extends ConfigProblemsError {
 *   override name = 'ServerConfigError'
 *   override readonly code = 'invalid_server_config'
 *   constructor(problems: ConfigProblem[]) {
 *     super(`${ConfigProblemsError.list(problems)}.`, problems)
 *   }
 * }
 * new ServerConfigError([{ variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' }]).variables // ['WORLDMAP_NONCE_SECRET']
 * ```
 */
export class ConfigProblemsError extends BaseError {
  override name = 'ConfigProblemsError'
  override readonly code: string = 'invalid_config'
  /** Every problem, in the order of the variables. */
  readonly problems: ConfigProblem[]
  /** The offending variable names, in the same order. */
  readonly variables: string[]

  constructor(shortMessage: string, problems: ConfigProblem[], parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
    this.problems = problems
    this.variables = problems.map(({ variable }) => variable)
  }

  /**
   * The problems as text: `A is not set; B must be an https URL` by default.
   *
   * @example
   * ```ts
   * ConfigProblemsError.list(problems, '\n', '- ') // '- A is not set\n- B must be an https URL'
   * ```
   */
  static list(problems: readonly ConfigProblem[], separator = '; ', bullet = ''): string {
    return problems.map(({ variable, reason }) => `${bullet}${variable} ${reason}`).join(separator)
  }
}
