import { BaseError } from '@worldmap/game'

/** One bad public setting: the variable and why, never its value. */
export interface ClientConfigProblem {
  /** The variable, e.g. `PUBLIC_ENV__APP_ID`. */
  variable: string
  /** What is wrong, completing "`variable` …": `is not set`, `must be an https URL`. */
  reason: string
}

/**
 * Raised when the app's public configuration (`PUBLIC_ENV__*`) is invalid or
 * incomplete. The message names every bad variable and why, never a value.
 *
 * @example
 * ```ts
 * throw new ClientConfigError([{ variable: 'PUBLIC_ENV__APP_ID', reason: 'is not set' }])
 * // ClientConfigError: Invalid public configuration: PUBLIC_ENV__APP_ID is not set
 * ```
 */
export class ClientConfigError extends BaseError {
  override name = 'ClientConfigError'
  override readonly code = 'invalid_client_config'
  /** Every problem, in the order of the variables. */
  readonly problems: ClientConfigProblem[]

  constructor(problems: ClientConfigProblem[]) {
    super(`Invalid public configuration: ${problems.map(({ variable, reason }) => `${variable} ${reason}`).join('; ')}`)
    this.problems = problems
  }
}
