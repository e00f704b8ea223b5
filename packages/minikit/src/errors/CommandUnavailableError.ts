import { BaseError } from './BaseError.js'

/**
 * Raised when the host does not list a command (or MiniKit is not installed).
 *
 * @example
 * ```ts
 * await pay(input) // rejects with CommandUnavailableError when the host lacks `pay`
 * ```
 */
export class CommandUnavailableError extends BaseError {
  override name = 'CommandUnavailableError'
  override readonly code = 'command_unavailable'
  constructor(methodName: string) {
    super(`'${methodName}' command is unavailable. Check MiniKit.install() or update the app version`, {
      docsPath: '#commandunavailableerror',
    })
    this.methodName = methodName
  }
  declare readonly methodName: string
}

/** {@link CommandUnavailableError}, with its name as a literal so a union of error types narrows on `name`. */
export type CommandUnavailableErrorType = CommandUnavailableError & { name: 'CommandUnavailableError' }
