// The faces of the commands that MiniKit hands out: the 1.x `MiniKit.commands`
// and `MiniKit.commandsAsync`, made from one row per command so a command is
// listed once for both, and the 2.x statics (`MiniKit.pay`, …). The facade
// itself names no command.

import { assertAvailable, sendCommand } from './commandPipeline/runCommand.js'
import { attestationDefinition, buildAttestationPayload } from './commands/attestation.js'
import { buildChatPayload, chatDefinition } from './commands/chat.js'
import { closeMiniApp } from './commands/closeMiniApp.js'
import { getPermissions, getPermissionsDefinition } from './commands/getPermissions.js'
import { buildPayPayload, payDefinition } from './commands/pay.js'
import { buildRequestPermissionPayload, requestPermissionDefinition } from './commands/requestPermission.js'
import { buildSendHapticFeedbackPayload, sendHapticFeedbackDefinition } from './commands/sendHapticFeedback.js'
import { buildSendTransactionPayload, sendTransactionDefinition } from './commands/sendTransaction.js'
import { type ShareInput, share, shareDefinition, validateShareInput } from './commands/share.js'
import { buildShareContactsPayload, shareContactsDefinition } from './commands/shareContacts.js'
import { buildSignMessagePayload, signMessageDefinition } from './commands/signMessage.js'
import { buildSignTypedDataPayload, signTypedDataDefinition } from './commands/signTypedData.js'
import { buildVerifyPayload, verifyDefinition } from './commands/verify.js'
import { buildWalletAuthPayload, walletAuthDefinition, walletAuthVersion } from './commands/walletAuth.js'
import { request } from './events/dispatcher.js'
import type { AnyCommandDefinition, CommandDefinition } from './protocol/CommandDefinition.js'
import { COMMAND_VERSIONS } from './protocol/protocol.js'
import type { CommandOptions } from './types.js'

/** What `MiniKit.commandsAsync.*` resolves with, as in the official toolkit. */
export interface AsyncHandlerReturn<CommandPayload, FinalPayload> {
  commandPayload: CommandPayload
  finalPayload: FinalPayload
}

/** The 1.x forms log a failure and return a falsy value; the unavailable case already logged the spec's message. */
function logUnlessUnavailable(error: unknown): void {
  if ((error as { name?: string }).name !== 'CommandUnavailableError') console.error(error)
}

/** The legacy synchronous form: send and return the payload, or log and return `null`. */
function syncCommand<I, P, R>([definition, build, version]: Row<I, P, R>) {
  return (input: I): P | null => {
    try {
      assertAvailable(definition)
      const payload = build(input)
      sendCommand(definition, payload, version?.() ?? COMMAND_VERSIONS[definition.command])
      return payload
    } catch (error) {
      logUnlessUnavailable(error)
      return null
    }
  }
}

/** The legacy promise form: never hangs — rejects at once on bad input or a missing command. */
function asyncCommand<I, P, R>([definition, build, version]: Row<I, P, R>) {
  return async (input: I, options?: CommandOptions): Promise<AsyncHandlerReturn<P, R>> => {
    assertAvailable(definition)
    const commandPayload = build(input)
    const message = {
      command: definition.command,
      version: version?.() ?? COMMAND_VERSIONS[definition.command],
      payload: commandPayload,
    }
    return { commandPayload, finalPayload: await request(definition, message, options) }
  }
}

/**
 * One row per command that a 1.x face sends as built (definition, payload
 * builder, and the version when it is not the table's): `MiniKit.commands`,
 * `MiniKit.commandsAsync` and the handlers `install()` registers come from
 * these rows, so a command is listed here once, not once per face.
 */
const rows = {
  verify: [verifyDefinition, buildVerifyPayload],
  pay: [payDefinition, buildPayPayload],
  walletAuth: [walletAuthDefinition, buildWalletAuthPayload, walletAuthVersion],
  sendTransaction: [sendTransactionDefinition, buildSendTransactionPayload],
  signMessage: [signMessageDefinition, buildSignMessagePayload],
  signTypedData: [signTypedDataDefinition, buildSignTypedDataPayload],
  shareContacts: [shareContactsDefinition, buildShareContactsPayload],
  requestPermission: [requestPermissionDefinition, buildRequestPermissionPayload],
  sendHapticFeedback: [sendHapticFeedbackDefinition, buildSendHapticFeedbackPayload],
  chat: [chatDefinition, buildChatPayload],
  attestation: [attestationDefinition, buildAttestationPayload],
} as const

type Row<I, P, R> = readonly [definition: CommandDefinition<R>, build: (input: I) => P, version?: () => number]
type Rows = typeof rows
type InputOf<T> = T extends Row<infer I, infer _P, infer _R> ? I : never
type PayloadOf<T> = T extends Row<infer _I, infer P, infer _R> ? P : never
type ReplyOf<T> = T extends Row<infer _I, infer _P, infer R> ? R : never

/** Each row made into one face's function. */
function faceOf<F>(make: (row: Row<never, unknown, unknown>) => unknown): F {
  return Object.fromEntries(Object.entries(rows).map(([name, entry]) => [name, make(entry as Row<never, unknown, unknown>)])) as F
}

/** Every command that replies, for `install()` to register. */
export const definitions: readonly AnyCommandDefinition[] = [
  ...Object.values(rows).map(([definition]) => definition),
  getPermissionsDefinition,
  shareDefinition,
]

/** The 1.x synchronous commands (`MiniKit.commands`): send and return the payload, or log and return `null`. */
export const commands = {
  ...faceOf<{ [K in keyof Rows]: (input: InputOf<Rows[K]>) => PayloadOf<Rows[K]> | null }>(syncCommand),
  getPermissions: (): { status: 'sent' } | null =>
    syncCommand([getPermissionsDefinition, () => ({})])(undefined) && { status: 'sent' },
  share: (input: ShareInput): ShareInput | null => {
    try {
      assertAvailable(shareDefinition)
      validateShareInput(input)
    } catch (error) {
      logUnlessUnavailable(error)
      return null
    }
    share(input).catch((error) => console.error('Failed to format share input', error))
    return input
  },
  /** `true` once sent, `false` (logged) when World App does not offer it, as in official 1.11. */
  closeMiniApp: (): boolean => {
    try {
      closeMiniApp()
      return true
    } catch (error) {
      logUnlessUnavailable(error)
      return false
    }
  },
}

/** The 1.x promise commands (`MiniKit.commandsAsync`): `{ commandPayload, finalPayload }`, never hanging. */
export const commandsAsync = {
  ...faceOf<{
    [K in keyof Rows]: (
      input: InputOf<Rows[K]>,
      options?: CommandOptions,
    ) => Promise<AsyncHandlerReturn<PayloadOf<Rows[K]>, ReplyOf<Rows[K]>>>
  }>(asyncCommand),
  getPermissions: async (options?: CommandOptions) => ({
    commandPayload: { status: 'sent' as const },
    finalPayload: await getPermissions(options),
  }),
  share: async (input: ShareInput, options?: CommandOptions) => ({
    commandPayload: input,
    finalPayload: await share(input, options),
  }),
}

type Statics = typeof import('./v2/statics.js').statics
let loaded: Statics | undefined

/**
 * One 2.x static as a thin shell: the command's module loads on the first
 * call of any 2.x static (they are async, so the call shape is unchanged),
 * and later calls go straight to it. `MiniKit` carries the synchronous 1.x
 * `commands`, so every 1.x builder loads with it; the 2.x adapters, their
 * fallbacks and their result handling need not (issue 34, point 3).
 */
function shell<K extends keyof Statics>(name: K): Statics[K] {
  return ((...args: unknown[]) => {
    const call = (statics: Statics) => (statics[name] as (...a: unknown[]) => unknown)(...args)
    return loaded ? call(loaded) : loadStatics().then(call)
  }) as Statics[K]
}

let loading: Promise<Statics> | undefined

/**
 * Loads the 2.x statics' module once. `MiniKit.install` starts it inside World
 * App, so a code-split page has the chunk before the player's first tap and
 * the first `MiniKit.walletAuth` posts without waiting on the network.
 */
export function loadStatics(): Promise<Statics> {
  loading ??= import('./v2/statics.js').then(
    (module) => {
      loaded = module.statics
      return loaded
    },
    (error: unknown) => {
      // Forgotten, so the next call tries the chunk again (a blip on a phone).
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The official 2.x statics, `MiniKit.<command>(input)`: the 2.x functions, loaded on first call. */
export const statics: Statics = {
  pay: shell('pay'),
  shareContacts: shell('shareContacts'),
  chat: shell('chat'),
  share: shell('share'),
  getPermissions: shell('getPermissions'),
  requestPermission: shell('requestPermission'),
  sendHapticFeedback: shell('sendHapticFeedback'),
  attestation: shell('attestation'),
  closeMiniApp: shell('closeMiniApp'),
  walletAuth: shell('walletAuth'),
  signMessage: shell('signMessage'),
  signTypedData: shell('signTypedData'),
  sendTransaction: shell('sendTransaction'),
}
