import { type AsyncHandlerReturn, commands, commandsAsync, definitions, loadStatics, statics } from './commandFaces.js'
import { type WalletAuthResult, walletAuthDefinition } from './commands/walletAuth.js'
import { type EventHandler, registerCommand, subscribe, trigger } from './events/dispatcher.js'
import { checkCommands, type InstallOptions, type InstallResult, initFromWorldApp, install, isInstalled } from './install.js'
import { COMMAND_VERSIONS, type Command, type ResponseEvent } from './protocol/protocol.js'
import { MINIKIT_MINOR_VERSION, MINIKIT_VERSION } from './protocol/sdkVersion.js'
import { notify, state, updateUser } from './state.js'
import { postToHost } from './transport/postToHost.js'
import type { DeviceProperties, User } from './types.js'
import { getUserByAddress } from './utils/getUserByAddressLazy.js'
import { getUserByUsername } from './utils/getUserByUsernameLazy.js'
import { getLaunchLocation, type MiniAppLaunchLocation } from './utils/launchLocation.js'
import { getMiniAppUrl, showProfileCard } from './utils/miniAppLinks.js'
import { isInWorldApp } from './v2/isInWorldApp.js'
import { readWorldAppUser, readWorldAppUserIntoState } from './v2/worldAppUser.js'

/** Official 1.11's `EventManager` members that MiniKit has (`MiniKit.eventManager`). */
export interface MiniKitEventManager {
  subscribe<T = unknown>(event: ResponseEvent, handler: EventHandler<T>): void
  unsubscribe(event: ResponseEvent): void
  trigger(event: string, payload: unknown): void
  readonly listeners: Readonly<Record<string, EventHandler<never>>>
}

/** Official 1.11's `MiniKitState` members that MiniKit has (`MiniKit.stateManager`). */
export interface MiniKitStateManager {
  appId: string | null
  user: User
  deviceProperties: DeviceProperties
  readonly location: MiniAppLaunchLocation | null
  isReady: boolean
  initFromWorldApp(worldApp: unknown): void
  updateUserFromWalletAuth(address: string): Promise<void>
  getUserByAddress(address?: string): ReturnType<typeof getUserByAddress>
  getUserByUsername(username: string): ReturnType<typeof getUserByUsername>
}

/** What `MiniKit.getContext()` returns and the `create<Command>Command` factories take (official 1.11's `CommandContext`). */
export interface MiniKitContext {
  events: MiniKitEventManager
  state: MiniKitStateManager
}

const facadeSlots = new Map<string, () => void>()
// The handler in each facade slot, for the official `MiniKit.listeners` view.
const facadeHandlers = new Map<string, EventHandler<never>>()

/**
 * `state.available` with every command of the table present (`false` until
 * the host lists it), as the official `isCommandAvailable` reads: the same
 * object, so a test that flips an entry flips what the commands check.
 */
function availability(): Record<Command, boolean> {
  for (const command of Object.keys(COMMAND_VERSIONS) as Command[]) state.available[command] ??= false
  return state.available as Record<Command, boolean>
}

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
      // A failed chunk load is retried by the first 2.x call, which reports it.
      loadStatics().catch(() => {})
    }
    // The official 2.x user fields (wallet, verification, currency,
    // notifications), onto the user this install started from the host.
    if (result.success || result.errorCode === 'app_out_of_date') readWorldAppUserIntoState()
    return result
  },
  isInstalled,
  /** Toolkit version announced in `init` (1 of 1.96). */
  MINIKIT_VERSION,
  /** Toolkit minor version announced in `init` (96 of 1.96). */
  MINIKIT_MINOR_VERSION,
  /** The command versions this toolkit sends, by wire command. */
  miniKitCommandVersion: COMMAND_VERSIONS,
  // Assignable, as in the official class: test setups write `MiniKit.user = {}`.
  get appId(): string | null {
    return state.config.appId
  },
  set appId(value: string | null) {
    state.config.appId = value
  },
  get user(): User {
    return state.user
  },
  set user(value: User) {
    state.user = { ...value }
    notify()
  },
  get deviceProperties(): DeviceProperties {
    return state.deviceProperties
  },
  set deviceProperties(value: DeviceProperties) {
    state.deviceProperties = { ...value }
    notify()
  },
  /** Whether `install()` reached World App (assignable, as the official's static is). */
  get isReady(): boolean {
    return state.installed
  },
  set isReady(value: boolean) {
    state.installed = value
    notify()
  },
  /** Per wire command, whether the host offers it; entries can be flipped, as in the official. */
  get isCommandAvailable(): Record<Command, boolean> {
    return availability()
  },
  /** The facade's handler per event, as `MiniKit.subscribe` set them. */
  get listeners(): Readonly<Record<string, EventHandler<never>>> {
    return Object.fromEntries(facadeHandlers)
  },
  // Official 1.11's internals (`eventManager`, `stateManager`, `getContext`, the
  // command instances) and 2.x's (`getActiveMiniKit`, `initFromWorldApp`,
  // `updateUserFromWalletAuth`). The official splits MiniKit into an event
  // manager and a state manager; here both are MiniKit itself, which has their
  // members (subscribe/unsubscribe/trigger/listeners; appId/user/deviceProperties/
  // location/isReady and the lookups), so there is one dispatcher and one state.
  /** Official 1.11's event manager: `MiniKit` (its subscribe, unsubscribe, trigger and listeners). */
  get eventManager(): MiniKitEventManager {
    return MiniKit
  },
  /** Official 1.11's state manager: `MiniKit` (its appId, user, deviceProperties, location, isReady, …). */
  get stateManager(): MiniKitStateManager {
    return MiniKit
  },
  /** The context official 1.11's `create<Command>Command` factories take (see `createCommands`). */
  getContext(): MiniKitContext {
    return { events: MiniKit, state: MiniKit }
  },
  /** Official 1.11's cache of `MiniKit.commands` (built once here, so never `null`). */
  get commandsInstance(): typeof commands {
    return commands
  },
  /** Official 1.11's cache of `MiniKit.commandsAsync` (never `null`). */
  get asyncCommandsInstance(): typeof commandsAsync {
    return commandsAsync
  },
  /** Official 2.x: the MiniKit that handles calls; always this one (one state per page). */
  getActiveMiniKit<T>(this: T): T {
    return this
  },
  /**
   * Read a `window.WorldApp`-shaped object into `deviceProperties` and `user`
   * (as `install()` does, without connecting), official 2.x's internal.
   */
  initFromWorldApp(worldApp: unknown): void {
    if (!initFromWorldApp(worldApp)) return
    const fields = readWorldAppUser(worldApp)
    if (Object.keys(fields).length) updateUser(fields)
  },
  /** Set `user.walletAddress` and fetch the username and picture, as a successful sign-in does (official 2.x's internal). */
  async updateUserFromWalletAuth(address: string): Promise<void> {
    // The one sign-in path: the wallet-auth command's own post-reply step.
    await walletAuthDefinition.afterReply?.({ status: 'success', address } as WalletAuthResult)
  },
  /**
   * Announce the toolkit to World App (the `init` message `install()` sends).
   *
   * @example
   * ```ts
   * MiniKit.sendInit() // posts { command: 'init', payload: { version: 1, minorVersion: 96 } }
   * ```
   */
  sendInit(): void {
    postToHost({ command: 'init', payload: { version: MINIKIT_VERSION, minorVersion: MINIKIT_MINOR_VERSION } })
  },
  /**
   * Mark each command available or not from `window.WorldApp.supported_commands`,
   * as `install()` does; `false` when a command is missing (World App out of date).
   *
   * @example
   * ```ts
   * MiniKit.commandsValid(window.WorldApp.supported_commands)
   * ```
   */
  commandsValid: checkCommands,
  /**
   * Run `executor` (which sends a command) and resolve with what it returned
   * and the next `event` reply, through the facade's slot for that event.
   *
   * @example
   * ```ts
   * const { finalPayload } = await MiniKit.awaitCommand('miniapp-sign-message', 'sign-message', () =>
   *   MiniKit.commands.signMessage({ message: 'hello' }),
   * )
   * ```
   */
  awaitCommand<P, R = unknown>(
    event: ResponseEvent,
    _command: Command,
    executor: () => P,
  ): Promise<AsyncHandlerReturn<P | null, R>> {
    return new Promise((resolve) => {
      let commandPayload: P | null = null
      MiniKit.subscribe<R>(event, (finalPayload) => {
        MiniKit.unsubscribe(event)
        resolve({ commandPayload, finalPayload })
      })
      commandPayload = executor()
    })
  },
  /** Replace this event's facade handler (one slot per event, as before). */
  subscribe<T = unknown>(event: ResponseEvent, handler: EventHandler<T>): void {
    facadeSlots.get(event)?.()
    facadeSlots.set(event, subscribe(event, handler))
    facadeHandlers.set(event, handler as EventHandler<never>)
  },
  unsubscribe(event: ResponseEvent): void {
    facadeSlots.get(event)?.()
    facadeSlots.delete(event)
    facadeHandlers.delete(event)
  },
  trigger,
  getUserByAddress: (address?: string) => getUserByAddress(address),
  getUserInfo: (address?: string) => getUserByAddress(address),
  getUserByUsername: (username: string) => getUserByUsername(username),
  /** Where the person opened the mini app from (official 1.11); `null` before install or when World App does not say. */
  get location(): MiniAppLaunchLocation | null {
    return getLaunchLocation()
  },
  getMiniAppUrl,
  /** Open a user's profile card; logs and does nothing when given neither a username nor an address (official 1.11). */
  showProfileCard(username?: string, walletAddress?: string): void {
    try {
      showProfileCard(username, walletAddress)
    } catch (error) {
      console.error((error as { shortMessage?: string }).shortMessage ?? error)
    }
  },
  // The official 2.x statics: `MiniKit.<command>(input)` resolves `{ executedWith, data }`
  // (the `./commands` functions); `commands`/`commandsAsync` below stay the 1.x forms.
  ...statics,
  /** Whether the page runs inside World App (official 2.x). */
  isInWorldApp,
  commands,
  commandsAsync,
}
