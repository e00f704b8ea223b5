import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { FallbackRequiredError } from '../errors/FallbackRequiredError.js'
import { COMMAND_METHODS, type Command } from '../protocol/protocol.js'
import type { FallbackReason } from './CommandResult.js'
import { type RunResult, type RunWithFallbackParameters, runWithFallback } from './runWithFallback.js'

// The errors every 2.x command shares, named by the method a caller wrote
// (`walletAuth`), not the wire name (`wallet-auth`).
const errors = {
  fallbackRequired: (command: Command) => new FallbackRequiredError(COMMAND_METHODS[command]),
  unavailable: (command: Command, reason: FallbackReason) => new CommandUnavailableError(COMMAND_METHODS[command], reason),
}

/**
 * {@link runWithFallback} with the SDK's typed errors: outside World App
 * without a way to run, {@link FallbackRequiredError} (commands with
 * `requiresFallback`) or {@link CommandUnavailableError} with its `reason`.
 * Every 2.x command calls this and only maps its own data and errors.
 *
 * @example
 * ```ts
 * const result = await runV2Command({
 *   command: 'sign-message',
 *   native: () => signMessageNative(input),
 *   web: getFallbackAdapter()?.signMessage && (() => getFallbackAdapter()!.signMessage!(input)),
 *   fallback: input.fallback,
 * })
 * ```
 */
export function runV2Command<TNative, TFallback>(
  parameters: RunWithFallbackParameters<TNative, TFallback>,
): Promise<RunResult<TNative, TFallback>> {
  return runWithFallback(parameters, errors)
}
