// @vitest-environment node
// Command round trip: call → wire message → host replies through
// window.MiniKit.trigger → promise resolved. Runs in plain Node with a
// minimal window, so the figure is the SDK's own overhead.
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { getPermissions } from './commands/getPermissions.js'
import { signMessage } from './commands/signMessage.js'
import { resetEvents } from './events/dispatcher.js'
import { install } from './install.js'
import { COMMAND_VERSIONS } from './protocol/protocol.js'
import { resetState } from './state.js'

type HostWindow = { MiniKit?: { trigger(event: string, payload: unknown): void }; [key: string]: unknown }

beforeAll(() => {
  const w = globalThis as unknown as HostWindow
  w.window = globalThis
  w.location = new URL('https://worldmap.example/')
  const replies: Record<string, [string, unknown]> = {
    'sign-message': [
      'miniapp-sign-message',
      { status: 'success', signature: '0x1234', address: '0x0000000000000000000000000000000000000001', version: 1 },
    ],
    'get-permissions': [
      'miniapp-get-permissions',
      { status: 'success', permissions: { notifications: true, contacts: true }, version: 1 },
    ],
  }
  w.WorldApp = {
    world_app_version: 2087901,
    device_os: 'ios',
    is_optional_analytics: false,
    supported_commands: Object.entries(COMMAND_VERSIONS).map(([name, version]) => ({ name, supported_versions: [version] })),
    safe_area_insets: { top: 0, right: 0, bottom: 0, left: 0 },
  }
  w.webkit = {
    messageHandlers: {
      minikit: {
        // Like World App, answer after the call returns, never inside it.
        postMessage(message: { command: string }) {
          const reply = replies[message.command]
          if (reply) queueMicrotask(() => w.MiniKit?.trigger(reply[0], reply[1]))
        },
      },
    },
  }
  install({ appId: 'app_bench' })
})

afterAll(() => {
  resetEvents()
  resetState()
})

describe('command round trip', () => {
  bench('signMessage', async () => {
    await signMessage({ message: 'hello' })
  })
  bench('getPermissions', async () => {
    await getPermissions()
  })
})
