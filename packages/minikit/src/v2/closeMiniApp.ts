import { closeMiniApp as closeMiniAppCommand } from '../commands/closeMiniApp.js'
import { COMMAND_VERSIONS } from '../protocol/protocol.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import type { CommandContextOrOptions } from './commandContext.js'
import { runV2Command } from './runV2Command.js'

/** What the 2.x `closeMiniApp` resolves with once the message is sent (World App answers nothing). */
export interface CloseMiniAppData {
  status: 'success'
  version: number
}

/**
 * Close the mini app, the 2.x way: sends the message and resolves with
 * `{ executedWith: 'minikit', data: { status: 'success', version } }`
 * (World App closes the webview and answers nothing). Outside World App it
 * runs your `fallback`, or rejects with `CommandUnavailableError`.
 *
 * @example
 * ```ts
 * await saveProgress()
 * await closeMiniApp({ fallback: () => history.back() })
 * ```
 */
export function closeMiniApp<TFallback = CloseMiniAppData>(
  options: FallbackConfig<TFallback> = {},
  // Official 2.x takes a command context here and never reads it: close-miniapp awaits no reply.
  _ctx?: CommandContextOrOptions,
): Promise<CommandResultByVia<CloseMiniAppData, TFallback, 'minikit'>> {
  const native = async (): Promise<CloseMiniAppData> => {
    closeMiniAppCommand()
    return { status: 'success', version: COMMAND_VERSIONS['close-miniapp'] }
  }
  return runV2Command({ command: 'close-miniapp', native, fallback: options.fallback }) as never
}
