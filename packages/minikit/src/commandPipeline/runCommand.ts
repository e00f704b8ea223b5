import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { registerCommand, request } from '../events/dispatcher.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type Command, PROTOCOL } from '../protocol/protocol.js'
import { state } from '../state.js'
import { postToHost } from '../transport/postToHost.js'
import type { CommandOptions } from '../types.js'

/**
 * Throw (and log, as the spec asks) when the host does not offer the command.
 */
export function assertAvailable(definition: { readonly command: Command; readonly method: string }): void {
  if (typeof window === 'undefined' || !state.available[definition.command]) {
    const error = new CommandUnavailableError(definition.method)
    console.error(error.shortMessage)
    throw error
  }
}

/**
 * Send a validated payload and await its reply, after the availability gate.
 * `build` runs only when the command is available, so invalid input and an
 * unavailable host both reject before anything is sent.
 */
export async function runCommand<T, P>(
  definition: CommandDefinition<T>,
  build: () => P | Promise<P>,
  options?: CommandOptions,
  version: number = PROTOCOL[definition.command].version,
): Promise<T> {
  assertAvailable(definition)
  const payload = build()
  const send = (value: P) => request(definition, { command: definition.command, version, payload: value }, options)
  // Only asynchronous builders (share's file reading) pay for an extra tick.
  return payload instanceof Promise ? payload.then(send) : send(payload)
}

/**
 * Fire-and-forget send for the legacy synchronous API: the reply reaches
 * subscribers only. Returns whether a native handler took it.
 */
export function sendCommand<T>(
  definition: CommandDefinition<T>,
  payload: unknown,
  version: number = PROTOCOL[definition.command].version,
): boolean {
  registerCommand(definition)
  return postToHost({ command: definition.command, version, payload })
}
