import { assertAvailable } from '../commandPipeline/runCommand.js'
import { HostUnavailableError } from '../errors/HostUnavailableError.js'
import { PROTOCOL } from '../protocol/protocol.js'
import { postToHost } from '../transport/postToHost.js'

// close-miniapp gets no reply (World App closes the webview), so it has no
// reply schema and no dispatcher entry: only the availability gate and the
// message. `method` is the official toolkit's name, used in its message.
const closeMiniAppCommand = { command: 'close-miniapp', method: 'closeMiniApp' } as const

/**
 * Close the mini app, as the person's own close button would. Nothing comes
 * back: World App closes the webview.
 *
 * @throws CommandUnavailableError when World App does not offer it (logged, as the spec asks)
 * @throws HostUnavailableError when no native message handler took the message
 * @example
 * ```ts
 * await saveProgress()
 * closeMiniApp()
 * ```
 */
export function closeMiniApp(): void {
  assertAvailable(closeMiniAppCommand)
  if (!postToHost({ command: 'close-miniapp', version: PROTOCOL['close-miniapp'].version, payload: {} }))
    throw new HostUnavailableError()
}

/**
 * Every error {@link closeMiniApp} can throw, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type CloseMiniAppErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/BaseError.js').ErrorType
