import { BaseError } from '@worldmap/game'

/** One bad server setting: the variable and why, never its value. */
export interface ServerConfigProblem {
  /** The variable, e.g. `WORLDMAP_APP_ORIGINS`. */
  variable: string
  /** What is wrong, completing "`variable` …": `is not set`, `must be at least 32 characters`. */
  reason: string
}

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
export class ServerConfigError extends BaseError {
  override name = 'ServerConfigError'
  override readonly code = 'invalid_server_config'
  /** Every problem, in the order of the variables. */
  readonly problems: ServerConfigProblem[]

  /**
   * @param problems what is wrong
   * @param hints sentences on how to fix it, appended to the message
   */
  constructor(problems: ServerConfigProblem[], hints: readonly string[] = []) {
    const list = problems.map(({ variable, reason }) => `${variable} ${reason}`).join('; ')
    super([`${list}.`, ...hints].join(' '))
    this.problems = problems
  }
}
