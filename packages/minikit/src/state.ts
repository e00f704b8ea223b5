import type { Command } from './protocol/protocol.js'
import { DEFAULT_USERNAMES_URL } from './protocol/usernamesService.js'
import type { DeviceProperties, User } from './types.js'

/** Runtime configuration set by `install()`. */
export interface MiniKitConfig {
  appId: string | null
  /** Usernames service base URL (World's by default). */
  usernamesUrl: string
  /** World Chain JSON-RPC URL for proof compression; viem's default when undefined. */
  rpcUrl: string | undefined
  /** Default timeout for async commands, in ms; none when undefined. */
  timeout: number | undefined
}

/** Mutable toolkit state. Snapshots (`user`, `deviceProperties`) are replaced, never mutated. */
export interface MiniKitState {
  installed: boolean
  config: MiniKitConfig
  user: User
  deviceProperties: DeviceProperties
  available: Partial<Record<Command, boolean>>
  /**
   * `window.WorldApp.location` as install (or `initFromWorldApp`) read it,
   * unmapped: `MiniKit.location` maps it when asked, so `install()` carries
   * no table. Kept from install time, as official 2.x does.
   */
  worldAppLocation: unknown
}

const initialConfig = (): MiniKitConfig => ({
  appId: null,
  usernamesUrl: DEFAULT_USERNAMES_URL,
  rpcUrl: undefined,
  timeout: undefined,
})

/** The single toolkit state; plain data, so importing it has no side effect. */
export const state: MiniKitState = {
  installed: false,
  config: initialConfig(),
  user: {},
  deviceProperties: {},
  available: {},
  worldAppLocation: undefined,
}

const watchers = new Set<() => void>()

/**
 * Merge `patch` into the user and notify watchers. The user object is
 * replaced so that `useSyncExternalStore` sees a new snapshot.
 */
export function updateUser(patch: Partial<User>): void {
  state.user = { ...state.user, ...patch }
  notify()
}

/** Notify every watcher that state changed. */
export function notify(): void {
  for (const watcher of watchers) watcher()
}

/**
 * Call `onChange` whenever install state or the user changes.
 *
 * @returns unsubscribe
 * @example
 * ```ts
 * const stop = watchState(() => console.log(getUser()))
 * ```
 */
export function watchState(onChange: () => void): () => void {
  watchers.add(onChange)
  return () => watchers.delete(onChange)
}

// How to empty each module-level cache that has filled since the last reset.
const cacheClears = new Set<() => void>()

/**
 * @internal Have {@link resetState} empty a module-level cache (a loaded
 * chunk, a parsed page URL, a shared client), so nothing from before a reset
 * survives it. Called when the cache fills, not at import, so importing a
 * module still has no side effect; the same function registers once.
 */
export function clearOnReset(clear: () => void): void {
  cacheClears.add(clear)
}

/** Restore the pristine state, module caches included; for tests and hot reload. */
export function resetState(): void {
  state.installed = false
  state.config = initialConfig()
  state.user = {}
  state.deviceProperties = {}
  state.available = {}
  state.worldAppLocation = undefined
  for (const clear of cacheClears) clear()
  cacheClears.clear()
  notify()
}
