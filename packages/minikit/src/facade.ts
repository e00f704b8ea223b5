import { getPermissions, getPermissionsDefinition } from './commands/getPermissions.js'
import { buildPayPayload, type PayInput, payDefinition } from './commands/pay.js'
import {
  buildRequestPermissionPayload,
  type RequestPermissionInput,
  requestPermissionDefinition,
} from './commands/requestPermission.js'
import {
  buildSendHapticFeedbackPayload,
  type SendHapticFeedbackInput,
  sendHapticFeedbackDefinition,
} from './commands/sendHapticFeedback.js'
import { buildSendTransactionPayload, type SendTransactionInput, sendTransactionDefinition } from './commands/sendTransaction.js'
import { type ShareInput, share, shareDefinition, validateShareInput } from './commands/share.js'
import { buildShareContactsPayload, type ShareContactsInput, shareContactsDefinition } from './commands/shareContacts.js'
import { buildSignMessagePayload, type SignMessageInput, signMessageDefinition } from './commands/signMessage.js'
import { buildSignTypedDataPayload, type SignTypedDataInput, signTypedDataDefinition } from './commands/signTypedData.js'
import { buildVerifyPayload, type VerifyInput, verifyDefinition } from './commands/verify.js'
import { buildWalletAuthPayload, type WalletAuthInput, walletAuthDefinition, walletAuthVersion } from './commands/walletAuth.js'
import { type EventHandler, registerCommand, request, subscribe, trigger } from './events/dispatcher.js'
import { type InstallOptions, type InstallResult, install, isInstalled } from './install.js'
import { state } from './state.js'
import type { AnyCommandDefinition, CommandDefinition } from './support/CommandDefinition.js'
import { COMMAND_VERSIONS, type ResponseEvent } from './support/constants.js'
import { assertAvailable, sendCommand } from './support/runCommand.js'
import type { CommandOptions, DeviceProperties, User } from './types.js'
import { getUserByAddress } from './utils/getUserByAddressLazy.js'
import { getUserByUsername } from './utils/getUserByUsername.js'

/** What `MiniKit.commandsAsync.*` resolves with, as in the official toolkit. */
export interface AsyncHandlerReturn<CommandPayload, FinalPayload> {
  commandPayload: CommandPayload
  finalPayload: FinalPayload
}

const definitions = [
  verifyDefinition,
  payDefinition,
  walletAuthDefinition,
  sendTransactionDefinition,
  signMessageDefinition,
  signTypedDataDefinition,
  shareContactsDefinition,
  requestPermissionDefinition,
  getPermissionsDefinition,
  sendHapticFeedbackDefinition,
  shareDefinition,
] as const

/** The legacy synchronous form: send and return the payload, or log and return `null`. */
function syncCommand<I, P>(definition: AnyCommandDefinition, build: (input: I) => P, version?: () => number) {
  return (input: I): P | null => {
    try {
      assertAvailable(definition)
      const payload = build(input)
      sendCommand(definition, payload, version?.() ?? COMMAND_VERSIONS[definition.command])
      return payload
    } catch (error) {
      // The unavailable case already logged the spec's message.
      if ((error as { name?: string }).name !== 'CommandUnavailableError') console.error(error)
      return null
    }
  }
}

/** The legacy promise form: never hangs — rejects at once on bad input or a missing command. */
function asyncCommand<I, P, R>(definition: CommandDefinition<R>, build: (input: I) => P, version?: () => number) {
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

const facadeSlots = new Map<string, () => void>()

/**
 * Drop-in replacement for the official toolkit's `MiniKit` class (1.9.x
 * surface): migrate by changing only the import. Unlike the original,
 * `commandsAsync` calls never hang, concurrent calls each get their own
 * reply, and `share` resolves on both platforms.
 *
 * Prefer the tree-shakeable functions (`install`, `walletAuth`, …) in new code.
 *
 * @example
 * ```ts
 * import { MiniKit } from '@worldmap/minikit'
 * MiniKit.install('app_123')
 * const { finalPayload } = await MiniKit.commandsAsync.walletAuth({ nonce })
 * ```
 */
export const MiniKit = {
  install(appId?: string | InstallOptions): InstallResult {
    const result = install(appId)
    if (state.installed) {
      for (const definition of definitions) registerCommand(definition)
      ;(window as unknown as { MiniKit: unknown }).MiniKit = MiniKit
    }
    return result
  },
  isInstalled,
  get appId(): string | null {
    return state.config.appId
  },
  get user(): User {
    return state.user
  },
  get deviceProperties(): DeviceProperties {
    return state.deviceProperties
  },
  /** Replace this event's facade handler (one slot per event, as before). */
  subscribe<T = unknown>(event: ResponseEvent, handler: EventHandler<T>): void {
    facadeSlots.get(event)?.()
    facadeSlots.set(event, subscribe(event, handler))
  },
  unsubscribe(event: ResponseEvent): void {
    facadeSlots.get(event)?.()
    facadeSlots.delete(event)
  },
  trigger,
  getUserByAddress: (address?: string) => getUserByAddress(address),
  getUserInfo: (address?: string) => getUserByAddress(address),
  getUserByUsername: (username: string) => getUserByUsername(username),
  commands: {
    verify: syncCommand(verifyDefinition, (input: VerifyInput) => buildVerifyPayload(input)),
    pay: syncCommand(payDefinition, (input: PayInput) => buildPayPayload(input)),
    walletAuth: syncCommand(walletAuthDefinition, (input: WalletAuthInput) => buildWalletAuthPayload(input), walletAuthVersion),
    sendTransaction: syncCommand(sendTransactionDefinition, (input: SendTransactionInput) => buildSendTransactionPayload(input)),
    signMessage: syncCommand(signMessageDefinition, (input: SignMessageInput) => buildSignMessagePayload(input)),
    signTypedData: syncCommand(signTypedDataDefinition, (input: SignTypedDataInput) => buildSignTypedDataPayload(input)),
    shareContacts: syncCommand(shareContactsDefinition, (input: ShareContactsInput) => buildShareContactsPayload(input)),
    requestPermission: syncCommand(requestPermissionDefinition, (input: RequestPermissionInput) =>
      buildRequestPermissionPayload(input),
    ),
    getPermissions: (): { status: 'sent' } | null =>
      syncCommand(getPermissionsDefinition, () => ({}))(undefined) && { status: 'sent' },
    sendHapticFeedback: syncCommand(sendHapticFeedbackDefinition, (input: SendHapticFeedbackInput) =>
      buildSendHapticFeedbackPayload(input),
    ),
    share: (input: ShareInput): ShareInput | null => {
      try {
        assertAvailable(shareDefinition)
        validateShareInput(input)
      } catch (error) {
        if ((error as { name?: string }).name !== 'CommandUnavailableError') console.error(error)
        return null
      }
      share(input).catch((error) => console.error('Failed to format share input', error))
      return input
    },
  },
  commandsAsync: {
    verify: asyncCommand(verifyDefinition, (input: VerifyInput) => buildVerifyPayload(input)),
    pay: asyncCommand(payDefinition, (input: PayInput) => buildPayPayload(input)),
    walletAuth: asyncCommand(walletAuthDefinition, (input: WalletAuthInput) => buildWalletAuthPayload(input), walletAuthVersion),
    sendTransaction: asyncCommand(sendTransactionDefinition, (input: SendTransactionInput) => buildSendTransactionPayload(input)),
    signMessage: asyncCommand(signMessageDefinition, (input: SignMessageInput) => buildSignMessagePayload(input)),
    signTypedData: asyncCommand(signTypedDataDefinition, (input: SignTypedDataInput) => buildSignTypedDataPayload(input)),
    shareContacts: asyncCommand(shareContactsDefinition, (input: ShareContactsInput) => buildShareContactsPayload(input)),
    requestPermission: asyncCommand(requestPermissionDefinition, (input: RequestPermissionInput) =>
      buildRequestPermissionPayload(input),
    ),
    getPermissions: async (options?: CommandOptions) => ({
      commandPayload: { status: 'sent' as const },
      finalPayload: await getPermissions(options),
    }),
    sendHapticFeedback: asyncCommand(sendHapticFeedbackDefinition, (input: SendHapticFeedbackInput) =>
      buildSendHapticFeedbackPayload(input),
    ),
    share: async (input: ShareInput, options?: CommandOptions) => ({
      commandPayload: input,
      finalPayload: await share(input, options),
    }),
  },
}
