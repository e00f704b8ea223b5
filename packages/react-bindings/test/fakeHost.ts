// A tiny fake World App for the React tests: it defines `window.WorldApp`
// and the iOS (webkit) or Android message handler, records every message
// the SDK sends, and answers through `window.MiniKit.trigger`, like the
// real host. It touches only globals, never SDK internals, so it works with
// the built SDK (dist) the bindings import.

/** A message as the SDK posts it. */
export interface HostMessage {
  command: string
  version?: number
  payload: unknown
}

/** Reply payload for a message; `undefined` = do not reply (answer later with `host.reply`). */
export type Responder = (message: HostMessage) => unknown

export interface FakeHostOptions {
  os?: 'ios' | 'android'
  version?: number
  /** Wire command names the host lists; all eleven by default. */
  commands?: string[]
  insets?: { top: number; right: number; bottom: number; left: number }
  respond?: Record<string, Responder>
  /** Reply after this many ms (default: next macrotask). */
  delay?: number
}

export interface FakeHost {
  messages: HostMessage[]
  respond: Record<string, Responder>
  /** Messages with this wire command. */
  commands(name: string): HostMessage[]
  /** Fire a host event now, as World App would. */
  reply(event: string, payload: unknown): void
  /** Remove every host global and cancel scheduled replies. */
  uninstall(): void
}

export const COMMAND_VERSIONS: Record<string, number> = {
  verify: 1,
  pay: 1,
  'wallet-auth': 2,
  'send-transaction': 1,
  'sign-message': 1,
  'sign-typed-data': 1,
  'share-contacts': 1,
  'request-permission': 1,
  'get-permissions': 1,
  'send-haptic-feedback': 1,
  share: 1,
}

export const EVENT_OF: Record<string, string> = {
  verify: 'miniapp-verify-action',
  pay: 'miniapp-payment',
  'wallet-auth': 'miniapp-wallet-auth',
  'send-transaction': 'miniapp-send-transaction',
  'sign-message': 'miniapp-sign-message',
  'sign-typed-data': 'miniapp-sign-typed-data',
  'share-contacts': 'miniapp-share-contacts',
  'request-permission': 'miniapp-request-permission',
  'get-permissions': 'miniapp-get-permissions',
  'send-haptic-feedback': 'miniapp-send-haptic-feedback',
  share: 'miniapp-share',
}

type HostGlobals = {
  WorldApp?: unknown
  webkit?: unknown
  Android?: unknown
  MiniKit?: { trigger(event: string, payload: unknown): void }
}

export const permissionsReply = () => ({
  status: 'success',
  permissions: { notifications: true, contacts: false },
  version: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
})

/** Install a fake World App on `window`. */
export function createFakeHost(options: FakeHostOptions = {}): FakeHost {
  const w = window as unknown as HostGlobals
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const host: FakeHost = {
    messages: [],
    respond: { 'get-permissions': permissionsReply, ...options.respond },
    commands: (name) => host.messages.filter((message) => message.command === name),
    reply(event, payload) {
      w.MiniKit?.trigger(event, payload)
    },
    uninstall() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      delete w.WorldApp
      delete w.webkit
      delete w.Android
      delete w.MiniKit
    },
  }
  const receive = (raw: unknown) => {
    const message = (typeof raw === 'string' ? JSON.parse(raw) : raw) as HostMessage
    host.messages.push(message)
    const responder = host.respond[message.command]
    const event = EVENT_OF[message.command]
    if (!responder || !event) return
    const payload = responder(message)
    if (payload === undefined) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      host.reply(event, payload)
    }, options.delay ?? 0)
    timers.add(timer)
  }
  w.WorldApp = {
    world_app_version: options.version ?? 2087901,
    device_os: options.os ?? 'ios',
    is_optional_analytics: false,
    supported_commands: (options.commands ?? Object.keys(COMMAND_VERSIONS)).map((name) => ({
      name,
      supported_versions: [COMMAND_VERSIONS[name] ?? 1],
    })),
    safe_area_insets: options.insets ?? { top: 47, right: 0, bottom: 34, left: 0 },
  }
  if ((options.os ?? 'ios') === 'ios') w.webkit = { messageHandlers: { minikit: { postMessage: receive } } }
  else w.Android = { postMessage: receive }
  return host
}
