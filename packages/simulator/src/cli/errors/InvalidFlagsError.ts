import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The command line could not be understood: an unknown flag or subcommand, a
 * missing URL, or a flag value that fails validation. `issues` lists every
 * problem, one line each, naming the flag (never echoing a key's value).
 *
 * @example
 * ```ts
 * try {
 *   parseCliArgs(['open', '--os', 'windows', 'http://localhost:5173/'])
 * } catch (error) {
 *   if (error instanceof InvalidFlagsError) console.error(error.issues) // ['--os: must be ios or android']
 * }
 * ```
 */
export class InvalidFlagsError extends BaseError {
  override name = 'InvalidFlagsError'
  override readonly code = 'cli_invalid_flags'
  /** Every problem found, in argument order. */
  readonly issues: readonly string[]
  constructor(issues: readonly string[], parameters: BaseErrorParameters = {}) {
    super('Invalid command line. Run `worldmap-simulator --help` for usage.', { metaMessages: [...issues], ...parameters })
    this.issues = Object.freeze([...issues])
  }
}
