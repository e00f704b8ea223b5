import { BaseError } from './BaseError.js'

/**
 * Raised when the host has not replied within the call's `timeout`.
 *
 * @example
 * ```ts
 * await signMessage({ message: 'hi' }, { timeout: 30_000 })
 * ```
 */
export class CommandTimeoutError extends BaseError {
  override name = 'CommandTimeoutError'
  override readonly code = 'command_timeout'
  constructor(methodName: string, timeout: number) {
    super(`'${methodName}' did not receive a reply within ${timeout} ms`, { docsPath: '#commandtimeouterror' })
    this.timeout = timeout
  }
  declare readonly timeout: number
}

/** {@link CommandTimeoutError}, with its name as a literal so a union of error types narrows on `name`. */
export type CommandTimeoutErrorType = CommandTimeoutError & { name: 'CommandTimeoutError' }
