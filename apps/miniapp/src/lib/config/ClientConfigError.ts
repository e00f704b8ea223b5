import { type ConfigProblem, ConfigProblemsError } from '@worldmap/game'

/** One bad public setting: the variable (e.g. `PUBLIC_ENV__APP_ID`) and why, never its value. */
export type ClientConfigProblem = ConfigProblem

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
export class ClientConfigError extends ConfigProblemsError {
  override name = 'ClientConfigError'
  override readonly code = 'invalid_client_config'

  constructor(problems: ClientConfigProblem[]) {
    super(`Invalid public configuration: ${ConfigProblemsError.list(problems)}`, problems)
  }
}
