import * as z from 'zod/mini'
import { getPermissions } from './commands/getPermissions.js'
import { trigger } from './events/dispatcher.js'
import { wrapGetUserMedia } from './microphone/wrapGetUserMedia.js'
import { type MiniKitInstallErrorCodes, MiniKitInstallErrorMessage } from './protocol/installErrors.js'
import { type Command, PROTOCOL, type ProtocolEntry } from './protocol/protocol.js'
import { MINIKIT_MINOR_VERSION, MINIKIT_VERSION } from './protocol/sdkVersion.js'
import { notify, state, updateUser } from './state.js'
import { postToHost } from './transport/postToHost.js'
import type { WorldAppWire } from './types.js'

/** Options of {@link install}. */
export interface InstallOptions {
  /** Your Developer Portal app id (`app_…`). */
  appId?: string
  /** Usernames service base URL; World's by default. */
  usernamesUrl?: string
  /** World Chain JSON-RPC URL used for Orb proof compression; viem's default when omitted. */
  rpcUrl?: string
  /** Default timeout (ms) for every async command; none by default. */
  timeout?: number
}

/** Result of {@link install}: success, or one of the spec's four failures. */
export type InstallResult = { success: true } | { success: false; errorCode: MiniKitInstallErrorCodes; errorMessage: string }

const insets = z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() })
const worldAppSchema = z.looseObject({
  world_app_version: z.number(),
  device_os: z.string(),
  is_optional_analytics: z.optional(z.boolean()),
  supported_commands: z.array(z.looseObject({ name: z.string(), supported_versions: z.array(z.number()) })),
  safe_area_insets: z.optional(insets),
  // `location` passes through as it is (a loose object): `MiniKit.location`
  // maps what it knows and reads the rest as null.
})

// The `window.WorldApp` the current install read. A different object there
// means another host (World App switched accounts, a test set up a new one).
// Only compared while installed, so a reset (which uninstalls) need not clear it.
let installedHost: unknown

let microphoneReady: Promise<void> = Promise.resolve()

/**
 * Copy what `window.WorldApp` says about the device and user into the state
 * (install, `MiniKit.initFromWorldApp`). The user starts afresh from the
 * host, as in official 2.x: after World App switched accounts (or a test
 * set up another host) nothing of the previous user may linger. Official
 * 1.9.6 merged into the previous user instead; see the README's differences.
 */
function readWorldApp(host: z.output<typeof worldAppSchema>): void {
  state.deviceProperties = {
    safeAreaInsets: host.safe_area_insets,
    deviceOS: host.device_os,
    worldAppVersion: host.world_app_version,
  }
  state.user = {
    optedIntoOptionalAnalytics: host.is_optional_analytics,
    deviceOS: host.device_os,
    worldAppVersion: host.world_app_version,
  }
  state.worldAppLocation = host.location
}

/**
 * Read a `window.WorldApp`-shaped object into the state as `install()` does,
 * without connecting: official `MiniKit.initFromWorldApp`. Returns whether it
 * was read; a missing or malformed object changes nothing.
 *
 * @example
 * ```ts
 * initFromWorldApp(window.WorldApp) // MiniKit.deviceProperties and MiniKit.user now reflect it
 * ```
 */
export function initFromWorldApp(worldApp: unknown): boolean {
  const parsed = worldAppSchema.safeParse(worldApp)
  if (parsed.success) readWorldApp(parsed.data)
  return parsed.success
}

/**
 * Resolves once microphone tracking has fully loaded after `install()` (the
 * host's stop-all-streams request is then honoured). Not needed before
 * `getUserMedia`: the wrap is in place when install returns, so even a
 * stream opened in the same tick is reported.
 *
 * @example
 * ```ts
 * install()
 * await whenMicrophoneTracked()
 * const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
 * ```
 */
export function whenMicrophoneTracked(): Promise<void> {
  return microphoneReady
}

const failure = (errorCode: MiniKitInstallErrorCodes): InstallResult => ({
  success: false,
  errorCode,
  errorMessage: MiniKitInstallErrorMessage[errorCode],
})

/**
 * Decide per command whether the host offers it. A command the host does
 * not list stays unavailable and makes the host "out of date" (unless the
 * table marks it `optional`: added after 1.9.6, as official 1.11 does not
 * spare it; see the README's differences); a listed
 * command with other versions is still used, with a warning.
 *
 * @returns whether every command is supported
 */
export function checkCommands(supported: WorldAppWire['supported_commands']): boolean {
  let allSupported = true
  // The table itself, not COMMAND_VERSIONS: deriving that map would cost every bundle bytes.
  for (const [name, { version, optional }] of Object.entries(PROTOCOL) as [Command, ProtocolEntry][]) {
    const entry = supported.find((command) => command.name === name)
    if (!entry) {
      console.warn(`Command ${name} is not supported by the app. Try updating the app version`)
      state.available[name] = false
      // Commands added after 1.9.6 do not make an older World App "out of date".
      allSupported &&= Boolean(optional)
      continue
    }
    if (!entry.supported_versions.includes(version)) {
      console.warn(
        `Command ${name} version ${version} is not supported by the app. Supported versions: ${entry.supported_versions.join(', ')}. This is not an error, but it is recommended to update the World App version.`,
      )
    }
    state.available[name] = true
  }
  return allSupported
}

/**
 * Connect to World App: read `window.WorldApp`, announce the toolkit
 * (`init`, version 1.96), work out which commands the host offers, start
 * microphone tracking and read the user's permissions in the background.
 *
 * Safe to import anywhere: nothing touches `window` until it is called.
 *
 * @example
 * ```ts
 * const result = install({ appId: 'app_staging_123' })
 * if (!result.success) console.warn(result.errorCode, result.errorMessage)
 * ```
 */
export function install(options: InstallOptions | string = {}): InstallResult {
  const { appId, ...config } = typeof options === 'string' ? { appId: options } : options
  // `window.MiniKit` decides, as in official 1.x: a test setup that hands
  // the page a fresh window can install again (module state survives, and
  // install starts the user afresh from the new host). One exception follows
  // official 2.x, which re-reads the host on every install: when our own
  // install holds `window.MiniKit` but `window.WorldApp` is another object
  // than it read, the host changed, and this is a new install.
  if (typeof window === 'undefined') return failure('already_installed')
  const raw = (window as { WorldApp?: unknown }).WorldApp
  const current = (window as { MiniKit?: { trigger?: unknown } }).MiniKit
  if (current && !(state.installed && current.trigger === trigger && raw !== installedHost)) {
    return failure('already_installed')
  }
  if (appId) state.config.appId = appId
  else console.warn('App ID not provided during install')
  Object.assign(state.config, Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)))

  if (!raw) return failure('outside_of_worldapp')
  const parsed = worldAppSchema.safeParse(raw)
  if (!parsed.success) {
    console.error('Failed to install MiniKit.', 'window.WorldApp is malformed:', parsed.error.issues)
    return failure('unknown')
  }
  readWorldApp(parsed.data)
  installedHost = raw

  // No native handler (a test setup that only defines window.WorldApp) still
  // installs, as in the official toolkit; each command then rejects at once
  // with HostUnavailableError, so nothing waits on a host that is not there.
  let connected: boolean
  try {
    ;(window as { MiniKit?: unknown }).MiniKit = { trigger }
    connected = postToHost({ command: 'init', payload: { version: MINIKIT_VERSION, minorVersion: MINIKIT_MINOR_VERSION } })
  } catch (error) {
    delete (window as { MiniKit?: unknown }).MiniKit
    console.error('Failed to install MiniKit.', error)
    return failure('unknown')
  }

  state.installed = true
  // The reporting code loads on demand, so it does not weigh on the first
  // load; the getUserMedia wrap is in place now, and reports a stream opened
  // before that code is in once it is (spec §4: every stream is reported).
  microphoneReady = import('./microphone/setupMicrophone.js').then(
    (module) => module.setupMicrophone(),
    (error) => console.error('Failed to load microphone tracking', error),
  )
  wrapGetUserMedia()
  const allSupported = checkCommands(parsed.data.supported_commands)
  notify()
  if (connected && state.available['get-permissions']) {
    getPermissions().then(
      (reply) => {
        if (reply.status === 'success') {
          const { notifications = false, contacts = false } = reply.permissions
          updateUser({ permissions: { notifications, contacts } })
        } else console.error('Failed to read permissions', reply.error_code)
      },
      (error) => console.error('Failed to read permissions', error),
    )
  }
  return allSupported ? { success: true } : failure('app_out_of_date')
}

/**
 * Whether `install()` connected to World App. Logs the spec's warning when not.
 *
 * @example
 * ```ts
 * if (isInstalled()) await walletAuth({ nonce })
 * ```
 */
export function isInstalled(debug = false): boolean {
  const ready = state.installed && typeof window !== 'undefined' && Boolean((window as { MiniKit?: unknown }).MiniKit)
  if (!ready) console.error("MiniKit is not installed. Make sure you're running the application inside of World App")
  else if (debug) console.log('MiniKit is alive!')
  return ready
}
