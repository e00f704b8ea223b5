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
import { type EventHandler, registerCommand, request, subscribe, trigger } from './events/dispatcher.js'
import { type InstallOptions, type InstallResult, install, isInstalled } from './install.js'
import type { AnyCommandDefinition, CommandDefinition } from './protocol/CommandDefinition.js'
import { COMMAND_VERSIONS, type ResponseEvent } from './protocol/protocol.js'
import { state } from './state.js'
import { assertAvailable, sendCommand } from './support/runCommand.js'
import type { CommandOptions, DeviceProperties, User } from './types.js'
import { getUserByAddress } from './utils/getUserByAddressLazy.js'
import { getUserByUsername } from './utils/getUserByUsernameLazy.js'

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
    verify: syncCommand(verifyDefinition, buildVerifyPayload),
    pay: syncCommand(payDefinition, buildPayPayload),
    walletAuth: syncCommand(walletAuthDefinition, buildWalletAuthPayload, walletAuthVersion),
    sendTransaction: syncCommand(sendTransactionDefinition, buildSendTransactionPayload),
    signMessage: syncCommand(signMessageDefinition, buildSignMessagePayload),
    signTypedData: syncCommand(signTypedDataDefinition, buildSignTypedDataPayload),
    shareContacts: syncCommand(shareContactsDefinition, buildShareContactsPayload),
    requestPermission: syncCommand(requestPermissionDefinition, buildRequestPermissionPayload),
    getPermissions: (): { status: 'sent' } | null =>
      syncCommand(getPermissionsDefinition, () => ({}))(undefined) && { status: 'sent' },
    sendHapticFeedback: syncCommand(sendHapticFeedbackDefinition, buildSendHapticFeedbackPayload),
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
    verify: asyncCommand(verifyDefinition, buildVerifyPayload),
    pay: asyncCommand(payDefinition, buildPayPayload),
    walletAuth: asyncCommand(walletAuthDefinition, buildWalletAuthPayload, walletAuthVersion),
    sendTransaction: asyncCommand(sendTransactionDefinition, buildSendTransactionPayload),
    signMessage: asyncCommand(signMessageDefinition, buildSignMessagePayload),
    signTypedData: asyncCommand(signTypedDataDefinition, buildSignTypedDataPayload),
    shareContacts: asyncCommand(shareContactsDefinition, buildShareContactsPayload),
    requestPermission: asyncCommand(requestPermissionDefinition, buildRequestPermissionPayload),
    getPermissions: async (options?: CommandOptions) => ({
      commandPayload: { status: 'sent' as const },
      finalPayload: await getPermissions(options),
    }),
    sendHapticFeedback: asyncCommand(sendHapticFeedbackDefinition, buildSendHapticFeedbackPayload),
    share: async (input: ShareInput, options?: CommandOptions) => ({
      commandPayload: input,
      finalPayload: await share(input, options),
    }),
  },
}
