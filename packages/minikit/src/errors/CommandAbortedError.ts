import { BaseError } from './BaseError.js'

/**
 * Raised when the caller's AbortSignal aborts a pending command.
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * await signMessage({ message: 'hi' }, { signal: controller.signal })
 * ```
 */
export class CommandAbortedError extends BaseError {
  override name = 'CommandAbortedError'
  override readonly code = 'command_aborted'
  constructor(methodName: string, cause?: unknown) {
    super(`'${methodName}' was aborted`, { cause, docsPath: '#commandabortederror' })
  }
}

/** {@link CommandAbortedError}, with its name as a literal so a union of error types narrows on `name`. */
export type CommandAbortedErrorType = CommandAbortedError & { name: 'CommandAbortedError' }
