import { ConfigProblemsError, type ConfigProblem as GameConfigProblem } from '@worldmap/game'

/** One bad setting: the environment variable (e.g. `WORLDMAP_APP_ID`) and why, never its value. */
export type ConfigProblem = GameConfigProblem

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
export class ConfigError extends ConfigProblemsError {
  override name = 'ConfigError'
  override readonly code = 'invalid_config'

  /** @param problems the bad variables, by name (`is invalid`) or with the reason each is wrong */
  constructor(problems: readonly (string | ConfigProblem)[]) {
    const withReasons = problems.some((problem) => typeof problem !== 'string')
    const list = problems.map((problem) => (typeof problem === 'string' ? { variable: problem, reason: 'is invalid' } : problem))
    super('Server configuration is invalid.', list, {
      details: withReasons
        ? ConfigProblemsError.list(list, '\n', '- ')
        : `check ${list.map(({ variable }) => variable).join(', ')}`,
    })
  }
}
