// A minimal fake World App for unit tests: it records what the SDK sends and
// answers through window.MiniKit.trigger, like the real host. The full host
// simulator lives in @worldmap/simulator; this stays tiny on purpose.
import { resetEvents } from '../src/events/dispatcher.js'
import { resetState } from '../src/state.js'
import { COMMAND_VERSIONS } from '../src/support/constants.js'
import { resetMicrophone } from '../src/support/setupMicrophone.js'
import type { HostMessage } from '../src/transport/postToHost.js'
import type { WorldAppWire } from '../src/types.js'

export type Responder = (message: HostMessage) => unknown | undefined

export interface FakeHostOptions {
  os?: 'ios' | 'android'
  version?: number
  supported?: WorldAppWire['supported_commands']
  analytics?: boolean
  insets?: WorldAppWire['safe_area_insets']
  /** Per wire command: the reply payload to send back (undefined = no reply). */
  respond?: Record<string, Responder>
  /** Reply asynchronously after this many ms (default: next macrotask). */
  delay?: number
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

export const allCommands = (): WorldAppWire['supported_commands'] =>
  Object.entries(COMMAND_VERSIONS).map(([name, version]) => ({ name, supported_versions: [version] }))

export interface FakeHost {
  messages: HostMessage[]
  /** Raw values handed to the native handler (object on iOS, string on Android). */
  raw: unknown[]
  respond: Record<string, Responder>
  reply(event: string, payload: unknown): void
  commands(name: string): HostMessage[]
  uninstall(): void
}

type HostGlobals = {
  WorldApp?: unknown
  webkit?: unknown
  Android?: unknown
  MiniKit?: { trigger(event: string, payload: unknown): void }
  __stopAllMiniAppMicrophoneStreams?: unknown
}

// Replies still scheduled by any fake host; resetAll cancels them so a late
// reply cannot leak into the next test.
const pendingReplies = new Set<ReturnType<typeof setTimeout>>()

/** Reset SDK state, cancel scheduled fake-host replies and remove every host global. */
export function resetAll(): void {
  for (const timer of pendingReplies) clearTimeout(timer)
  pendingReplies.clear()
  resetEvents()
  resetState()
  resetMicrophone()
  const w = window as unknown as HostGlobals
  delete w.WorldApp
  delete w.webkit
  delete w.Android
  delete w.MiniKit
  delete w.__stopAllMiniAppMicrophoneStreams
}

export function createFakeHost(options: FakeHostOptions = {}): FakeHost {
  const w = window as unknown as HostGlobals
  const host: FakeHost = {
    messages: [],
    raw: [],
    respond: {
      'get-permissions': () => ({
        status: 'success',
        permissions: { notifications: true, contacts: false },
        version: 1,
        timestamp: new Date().toISOString(),
      }),
      ...options.respond,
    },
    reply(event, payload) {
      w.MiniKit?.trigger(event, payload)
    },
    commands(name) {
      return host.messages.filter((m) => m.command === name)
    },
    uninstall: resetAll,
  }
  const receive = (raw: unknown) => {
    host.raw.push(raw)
    const message = (typeof raw === 'string' ? JSON.parse(raw) : raw) as HostMessage
    host.messages.push(message)
    const responder = host.respond[message.command]
    const event = EVENT_OF[message.command]
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
    supported_commands: options.supported ?? allCommands(),
    safe_area_insets: options.insets ?? { top: 47, right: 0, bottom: 34, left: 0 },
  }
  if ((options.os ?? 'ios') === 'ios') w.webkit = { messageHandlers: { minikit: { postMessage: receive } } }
  else w.Android = { postMessage: receive }
  return host
}
