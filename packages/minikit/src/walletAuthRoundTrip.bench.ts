// @vitest-environment node
// walletAuth round trip: call → wire message → host reply → promise resolved,
// for our facade, our functional `walletAuth` and the official toolkit 1.9.6,
// and for the 2.x `MiniKit.walletAuth` (ours and official 2.0.3), in one run with the same fake host (it answers synchronously, inside
// postMessage) and the same `fetch` stub (it answers the usernames lookup at
// once). Runs in plain Node with a minimal window, so the figures are the SDKs'
// own overhead, warm. The first (cold) call, in a fresh process each time,
// is measured by bench/walletAuthFirstCall.mjs, which `pnpm bench` runs next.
import { createRequire } from 'node:module'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { walletAuth } from './commands/walletAuth.js'
import { WalletAuthError } from './errors/commands/WalletAuthError.js'
import { resetEvents } from './events/dispatcher.js'
import { MiniKit } from './facade.js'
import { COMMAND_VERSIONS } from './protocol/protocol.js'
import { resetState } from './state.js'

type Trigger = { trigger(event: string, payload: unknown): void }
type HostWindow = { MiniKit?: Trigger; [key: string]: unknown }
type OfficialMiniKit = Trigger & {
  install(appId?: string): { success: boolean }
  commandsAsync: { walletAuth(input: unknown): Promise<{ finalPayload: { status: string } }> }
}
type Official2MiniKit = Trigger & {
  install(appId?: string): { success: boolean }
  walletAuth(input: unknown): Promise<{ executedWith: string }>
}

const w = globalThis as unknown as HostWindow
const address = '0x0000000000000000000000000000000000000001'
const success = { status: 'success', message: 'siwe', signature: '0x1234', address, version: 2 }
const error = { status: 'error', error_code: 'user_rejected', version: 2 }
let reply: unknown = success
// The SDK whose window.MiniKit the host answers through (both set it on install).
let target: Trigger | undefined
const input = { nonce: 'a1b2c3d4e5f6', statement: 'Sign in to WorldMap', expirationTime: new Date(Date.now() + 86_400_000) }
let official: OfficialMiniKit
let official2: Official2MiniKit
let Official2WalletAuthError: new (code: string, details?: string) => Error

const profile = { username: 'alice', profile_picture_url: 'https://example.com/a.png' }
const usernamesResponse = { ok: true, status: 200, json: () => Promise.resolve([profile]) }

beforeAll(async () => {
  // Official 2.0.3 warns on every error reply ("Native wallet-auth failed,
  // attempting fallback"); vitest's console capture would weigh on its row
  // far more than a browser console does. Silenced for every row alike.
  console.warn = () => {}
  w.window = globalThis
  w.location = new URL('https://worldmap.example/')
  // Node 20 has no navigator; without getUserMedia both SDKs skip microphone tracking.
  w.navigator = { mediaDevices: {} }
  w.fetch = () => Promise.resolve(usernamesResponse)
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
        postMessage(message: { command: string }) {
          if (message.command === 'wallet-auth') target?.trigger('miniapp-wallet-auth', reply)
        },
      },
    },
  }
  // The official toolkit is a devDependency of the simulator (the cross-client tests).
  const require = createRequire(new URL('../../simulator/package.json', import.meta.url))
  const entry = require.resolve('@worldcoin/minikit-js').replace(/index\.cjs$/, 'index.js')
  official = (await import(entry)).MiniKit
  if (!official.install('app_bench').success) throw new Error('official install failed')
  w.MiniKit = undefined
  official2 = (await import(require.resolve('@worldcoin/minikit-js-2').replace(/\.cjs$/, '.js'))).MiniKit
  Official2WalletAuthError = (await import(require.resolve('@worldcoin/minikit-js-2/commands').replace(/\.cjs$/, '.js')))
    .WalletAuthError
  if (!official2.install('app_bench').success) throw new Error('official 2.0.3 install failed')
  w.MiniKit = undefined
  if (!MiniKit.install('app_bench').success) throw new Error('install failed')
  // Warm-up sanity check: every row must really round-trip.
  target = MiniKit
  if ((await walletAuth(input)).status !== 'success') throw new Error('ours: no success')
  target = official
  if ((await official.commandsAsync.walletAuth(input)).finalPayload.status !== 'success') throw new Error('official: no success')
  ours()
  if ((await MiniKit.walletAuth(input)).executedWith !== 'minikit') throw new Error('ours 2.x: no success')
  theirs2()
  if ((await official2.walletAuth(input)).executedWith !== 'minikit') throw new Error('official 2.0.3: no success')
  ours()
})

afterAll(() => {
  resetEvents()
  resetState()
})

// Every row gets the same warm-up, so whichever runs first is not measured
// while V8 is still optimising the shared host and dispatcher code.
const timing = { time: 1000, warmupTime: 500 }

const ours = () => {
  target = MiniKit
  w.MiniKit = MiniKit
}
const theirs = () => {
  target = official
  // As before the 2.x rows existed (1.9.6 does not read it).
  w.MiniKit = MiniKit
}
// Official 2.x statics hand the call to `window.MiniKit` when it is another
// MiniKit (ours, installed last): point it at the official class for its rows.
const theirs2 = () => {
  target = official2
  w.MiniKit = official2
}
// The 2.x calls reject on an error reply; the round trip ends there too.
const settle = () => {}

for (const [name, payload] of [
  ['success', success],
  ['error', error],
] as const) {
  describe(`walletAuth round trip (${name} reply)`, () => {
    const setup = () => {
      reply = payload
    }
    bench(
      'ours: MiniKit.commandsAsync.walletAuth',
      async () => {
        await MiniKit.commandsAsync.walletAuth(input)
      },
      {
        ...timing,
        setup: () => {
          setup()
          ours()
        },
      },
    )
    bench(
      'ours: walletAuth',
      async () => {
        await walletAuth(input)
      },
      {
        ...timing,
        setup: () => {
          setup()
          ours()
        },
      },
    )
    bench(
      'ours: MiniKit.walletAuth (2.x)',
      async () => {
        await MiniKit.walletAuth(input).catch(settle)
      },
      {
        ...timing,
        setup: () => {
          setup()
          ours()
        },
      },
    )
    bench(
      'official 2.0.3: MiniKit.walletAuth',
      async () => {
        await official2.walletAuth(input).catch(settle)
      },
      {
        ...timing,
        setup: () => {
          setup()
          theirs2()
        },
      },
    )
    bench(
      'official 1.9.6: MiniKit.commandsAsync.walletAuth',
      async () => {
        await official.commandsAsync.walletAuth(input)
      },
      {
        ...timing,
        setup: () => {
          setup()
          theirs()
        },
      },
    )
  })
}

// The part of the 2.x error round trip both SDKs pay alike: creating the error
// the call rejects with, in a promise reaction as on the real path, and
// catching it. Most of it is V8 capturing the stack (a few µs even one frame
// deep), which the typed error keeps: our error round trip cannot beat the
// official's by more than official / (this row + our success row).
describe('2.x error reply, the error alone (created in a promise reaction and caught)', () => {
  const resolved = Promise.resolve()
  bench(
    'ours: new WalletAuthError',
    async () => {
      await resolved
        .then(() => {
          throw new WalletAuthError('user_rejected')
        })
        .catch(settle)
    },
    timing,
  )
  bench(
    'official 2.0.3: new WalletAuthError',
    async () => {
      await resolved
        .then(() => {
          throw new Official2WalletAuthError('user_rejected')
        })
        .catch(settle)
    },
    timing,
  )
})
