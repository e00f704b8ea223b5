import { type ConfigProblem, ConfigProblemsError } from '@worldmap/game'

/** One bad server setting: the variable (e.g. `WORLDMAP_APP_ORIGINS`) and why, never its value. */
export type ServerConfigProblem = ConfigProblem

/**
 * The app server's environment is missing or invalid; the server refuses to
 * start. The message names every bad variable, why, and how to fix it, never
 * a value.
 *
 * @example
 * ```ts
 * throw new ServerConfigError([{ variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' }])
 * // ServerConfigError: WORLDMAP_NONCE_SECRET is not set.
 * ```
 */
export class ServerConfigError extends ConfigProblemsError {
  override name = 'ServerConfigError'
  override readonly code = 'invalid_server_config'

  /**
   * @param problems what is wrong
   * @param hints sentences on how to fix it, appended to the message
   */
  constructor(problems: ServerConfigProblem[], hints: readonly string[] = []) {
    super([`${ConfigProblemsError.list(problems)}.`, ...hints].join(' '), problems)
  }
}
