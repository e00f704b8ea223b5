// The one fake World App for unit tests (minikit's and the React bindings').
// It defines `window.WorldApp` and the iOS (webkit) or Android message
// handler, records every message the SDK sends, and answers through
// `window.MiniKit.trigger`, like the real host. The full host simulator lives
// in @worldmap/simulator; this stays tiny on purpose.
//
// It knows no protocol of its own: the caller hands it what the SDK's
// protocol table resolves to (`COMMAND_VERSIONS`, `COMMAND_EVENTS`), so command
// names, versions and reply events are never restated here. minikit's tests pass the table from its sources, the React
// tests the one of the built package, and this package depends on neither
// (a dependency on @worldmap/minikit would make a workspace cycle). It only
// touches globals, never SDK internals; resetting SDK state is the caller's.

/** What a host needs of `@worldmap/minikit`'s protocol table. */
export interface HostProtocol {
  /** `COMMAND_VERSIONS`: every wire command, at the version the SDK sends. */
  versions: Readonly<Record<string, number>>
  /** `COMMAND_EVENTS` (from `@worldmap/minikit/wire`): the reply event of each command (`null`: none). */
  events: Readonly<Record<string, string | null>>
  /**
   * `HOST_COMMAND_VERSIONS` (from `@worldmap/minikit/wire`): every version World App speaks per
   * command (send-transaction 1 and 2), listed in `supported_commands`; without it, `versions`.
   */
  hostVersions?: Readonly<Record<string, readonly number[]>>
}

/** A message as the SDK posts it. */
export interface HostMessage {
  command: string
  version?: number
  payload: unknown
}

/** One entry of `window.WorldApp.supported_commands`. */
export interface SupportedCommand {
  name: string
  supported_versions: number[]
}

/** Reply payload for a message; `undefined` = do not reply (answer later with `host.reply`). */
export type Responder = (message: HostMessage) => unknown

export interface FakeHostOptions {
  os?: 'ios' | 'android'
  /** World App build number; 2087901 (speaks wallet-auth 2) by default. */
  version?: number
  /** `supported_commands` as the host lists it; wins over `commands`. */
  supported?: SupportedCommand[]
  /** Wire command names the host lists, each at the versions World App speaks; every command by default. */
  commands?: string[]
  analytics?: boolean
  insets?: { top: number; right: number; bottom: number; left: number }
  /** Per wire command: the reply payload to send back. */
  respond?: Record<string, Responder>
  /** Reply after this many ms (default: next macrotask). */
  delay?: number
}

export interface FakeHost {
  messages: HostMessage[]
  /** Raw values handed to the native handler (object on iOS, string on Android). */
  raw: unknown[]
  respond: Record<string, Responder>
  /** Messages with this wire command. */
  commands(name: string): HostMessage[]
  /** Fire a host event now, as World App would. */
  reply(event: string, payload: unknown): void
  /** Remove every host global and cancel scheduled replies ({@link removeFakeHosts} unless replaced). */
  uninstall(): void
}

type HostGlobals = {
  WorldApp?: unknown
  webkit?: unknown
  Android?: unknown
  MiniKit?: { trigger(event: string, payload: unknown): void }
  __stopAllMiniAppMicrophoneStreams?: unknown
}

/**
 * `supported_commands` listing `names` (every command by default), each at
 * the versions World App speaks (`protocol.hostVersions`), else the SDK's.
 */
export function supportedCommands(protocol: HostProtocol, names: string[] = Object.keys(protocol.versions)): SupportedCommand[] {
  return names.map((name) => ({
    name,
    supported_versions: [...(protocol.hostVersions?.[name] ?? [protocol.versions[name] ?? 1])],
  }))
}

/** The get-permissions reply every fake host gives unless told otherwise. */
export const permissionsReply = (): unknown => ({
  status: 'success',
  permissions: { notifications: true, contacts: false },
  version: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
})

// Fixed, well-formed values, so a reply passes the host reply contract.
const USER_OP_HASH = `0x${'ab'.repeat(32)}`
const TRANSACTION_ID = `0x${'cd'.repeat(32)}`
const FROM = '0x1234567890AbcdEF1234567890aBcdef12345678'
const AT = '2026-01-01T00:00:00.000Z'

/**
 * World App's success reply to a send-transaction message, in the shape of
 * the version it was sent at: version 1 (1.x `{ transaction: […], network }`)
 * answers with a submitted transaction id; version 2 (2.x `{ transactions:
 * [{ to, data?, value? }], chainId }`) with the batch's user operation hash.
 * A version-2 message World App could not run (no calls, or not World Chain)
 * gets its error reply. Not a default: pass it as `respond['send-transaction']`.
 *
 * @example
 * ```ts
 * const host = createFakeHost(protocol, { respond: { 'send-transaction': sendTransactionReply } })
 * ```
 */
export const sendTransactionReply: Responder = (message) => {
  if (message.version !== 2) {
    return {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: TRANSACTION_ID,
      reference: 'ref_fake_1',
      from: FROM,
      chain: 'worldchain',
      timestamp: AT,
      version: 1,
    }
  }
  const payload = message.payload as { transactions?: unknown; chainId?: unknown } | null
  const calls = payload?.transactions
  if (!Array.isArray(calls) || calls.length === 0) {
    return { status: 'error', error_code: 'input_error', details: { reason: 'no transactions' }, version: 2 }
  }
  if (payload?.chainId !== 480) {
    return { status: 'error', error_code: 'invalid_operation', details: { reason: 'World Chain only' }, version: 2 }
  }
  return { status: 'success', userOpHash: USER_OP_HASH, from: FROM, network: 'worldchain', timestamp: AT, version: 2 }
}

// Replies still scheduled by any fake host: removeFakeHosts cancels them, so a
// late reply cannot leak into the next test.
const pendingReplies = new Set<ReturnType<typeof setTimeout>>()

/** Cancel every scheduled fake-host reply and remove every host global. */
export function removeFakeHosts(): void {
  for (const timer of pendingReplies) clearTimeout(timer)
  pendingReplies.clear()
  const w = window as unknown as HostGlobals
  delete w.WorldApp
  delete w.webkit
  delete w.Android
  delete w.MiniKit
  delete w.__stopAllMiniAppMicrophoneStreams
}

/**
 * Install a fake World App on `window`, speaking `protocol`.
 *
 * @example
 * ```ts
 * import { COMMAND_VERSIONS } from '@worldmap/minikit'
 * import { COMMAND_EVENTS } from '@worldmap/minikit/wire'
 * const protocol = { versions: COMMAND_VERSIONS, events: COMMAND_EVENTS }
 * const host = createFakeHost(protocol, { os: 'android', respond: { pay: () => ({ status: 'success', … }) } })
 * ```
 */
export function createFakeHost(protocol: HostProtocol, options: FakeHostOptions = {}): FakeHost {
  const w = window as unknown as HostGlobals
  const host: FakeHost = {
    messages: [],
    raw: [],
    respond: { 'get-permissions': permissionsReply, ...options.respond },
    commands: (name) => host.messages.filter((message) => message.command === name),
    reply(event, payload) {
      w.MiniKit?.trigger(event, payload)
    },
    uninstall: removeFakeHosts,
  }
  const receive = (raw: unknown) => {
    host.raw.push(raw)
    const message = (typeof raw === 'string' ? JSON.parse(raw) : raw) as HostMessage
    host.messages.push(message)
    const responder = host.respond[message.command]
    const event = Object.hasOwn(protocol.events, message.command) ? protocol.events[message.command] : undefined
    if (!responder || !event) return
    const payload = responder(message)
    if (payload === undefined) return
    const timer = setTimeout(() => {
      pendingReplies.delete(timer)
      host.reply(event, payload)
    }, options.delay ?? 0)
    pendingReplies.add(timer)
  }
  w.WorldApp = {
    world_app_version: options.version ?? 2087901,
    device_os: options.os ?? 'ios',
    is_optional_analytics: options.analytics ?? false,
    supported_commands: options.supported ?? supportedCommands(protocol, options.commands),
    safe_area_insets: options.insets ?? { top: 47, right: 0, bottom: 34, left: 0 },
  }
  if ((options.os ?? 'ios') === 'ios') w.webkit = { messageHandlers: { minikit: { postMessage: receive } } }
  else w.Android = { postMessage: receive }
  return host
}
