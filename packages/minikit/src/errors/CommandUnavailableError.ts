import { BaseError } from './BaseError.js'

/** Why a 2.x command could not run natively (the official `CommandUnavailableError.reason`). */
export type FallbackReason = 'notInWorldApp' | 'commandNotSupported' | 'oldAppVersion'

/**
 * Raised when the host does not list a command (or MiniKit is not installed).
 * The 2.x commands also say why (`reason`, as the official 2.x class does):
 * outside World App, or a World App too old for the command.
 *
 * @example
 * ```ts
 * await pay(input) // rejects with CommandUnavailableError when the host lacks `pay`
 * try {
 *   await MiniKit.signMessage({ message: 'hi' })
 * } catch (error) {
 *   if (error instanceof CommandUnavailableError && error.reason === 'notInWorldApp') showOpenInWorldApp()
 * }
 * ```
 */
export class CommandUnavailableError extends BaseError {
  override name = 'CommandUnavailableError'
  override readonly code = 'command_unavailable'
  /**
   * @param shortMessage The 2.x runner's message, which names the reason in plain words; without
   *   it, the official 1.x text. Built by the caller so the 1.x commands do not ship the 2.x words.
   */
  constructor(methodName: string, shortMessage?: string) {
    super(shortMessage ?? `'${methodName}' command is unavailable. Check MiniKit.install() or update the app version`, {
      docsPath: '#commandunavailableerror',
    })
    this.methodName = methodName
  }
  declare readonly methodName: string
  /**
   * Why a 2.x command could not run natively; `undefined` from the 1.x
   * commands. Set by the 2.x runner, so the 1.x commands (and every
   * sign-in bundle) carry no code for it.
   */
  declare readonly reason: FallbackReason | undefined
}

/** {@link CommandUnavailableError}, with its name as a literal so a union of error types narrows on `name`. */
export type CommandUnavailableErrorType = CommandUnavailableError & { name: 'CommandUnavailableError' }
