// The official 1.11 root's availability helpers, as free functions over the
// SDK state: teams use them in test setups (`setCommandAvailable('pay',
// true)`) and to gate a button on one command. Beside install.ts, whose
// command check `validateCommands` is.
import { checkCommands } from './install.js'
import type { Command } from './protocol/protocol.js'
import { notify, state } from './state.js'
import { type HostMessage, postToHost } from './transport/postToHost.js'

/**
 * Whether World App offers `command` (as `install()` worked it out); `false` before install.
 *
 * @example
 * ```ts
 * if (isCommandAvailable('chat')) showInviteButton()
 * ```
 */
export function isCommandAvailable(command: Command): boolean {
  return state.available[command] === true
}

/**
 * Mark `command` available or not, as the official toolkit allows (test setups).
 *
 * @example
 * ```ts
 * setCommandAvailable('pay', true)
 * ```
 */
export function setCommandAvailable(command: Command, available: boolean): void {
  state.available[command] = available
  notify()
}

/**
 * Mark each command available or not from `window.WorldApp.supported_commands`,
 * as `install()` does; `false` when World App lacks a command (it is out of date).
 *
 * @example
 * ```ts
 * validateCommands(window.WorldApp.supported_commands)
 * ```
 */
export const validateCommands: typeof checkCommands = checkCommands

/**
 * Post a raw message to World App, as the official `sendMiniKitEvent` does:
 * no availability check and no reply handling. Prefer the commands.
 *
 * @example
 * ```ts
 * sendMiniKitEvent({ command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'selection-changed' } })
 * ```
 */
export function sendMiniKitEvent(payload: HostMessage): void {
  postToHost(payload)
}
