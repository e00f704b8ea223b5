import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { FallbackRequiredError } from '../errors/FallbackRequiredError.js'
import { COMMAND_METHODS, type Command } from '../protocol/protocol.js'
import type { FallbackReason } from './CommandResult.js'
import { type RunResult, type RunWithFallbackParameters, runWithFallback } from './runWithFallback.js'

// Plain words for each reason a 2.x command could not run natively.
const REASONS: Record<FallbackReason, string> = {
  notInWorldApp: 'the page is not running inside World App',
  commandNotSupported: 'World App does not offer it here',
  oldAppVersion: 'this World App version does not support it; update World App',
}

/**
 * The 2.x {@link CommandUnavailableError}: names the method a caller wrote
 * (`walletAuth`, not `wallet-auth`) and the reason, in plain words.
 *
 * @example
 * ```ts
 * throw unavailable2x('sendTransaction', 'oldAppVersion')
 * ```
 */
export const unavailable2x = (methodName: string, reason: FallbackReason): CommandUnavailableError =>
  Object.assign(new CommandUnavailableError(methodName, `'${methodName}' is unavailable: ${REASONS[reason]}`), { reason })

// The errors every 2.x command shares.
const errors = {
  fallbackRequired: (command: Command) => new FallbackRequiredError(COMMAND_METHODS[command]),
  unavailable: (command: Command, reason: FallbackReason) => unavailable2x(COMMAND_METHODS[command], reason),
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
