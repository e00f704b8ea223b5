// Differential tests of the 2.x commands' optional second argument, the
// command context (`walletAuth(options, ctx)` from `./commands`), against
// official 2.0.3, on iOS and Android fake hosts. Official 2.x reads, on the
// native path only: `ctx.events` (the reply is awaited there), and
// `ctx.state.deviceProperties` in wallet-auth (its World App version) and
// share (its OS). The same calls go through the official `./commands`
// functions and ours; compared are what each posts and what each settles with.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../test/official203.js'
import * as ours from '../exports/commands.js'
import { MiniKit } from '../facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both modules are driven through the official's untyped call sites.
type AnyModule = Record<string, any>
type Supported = Array<{ name: string; supported_versions: number[] }>

let official: AnyModule
let theirs: AnyModule
let supported: Supported

const NOW = new Date('2026-03-01T10:00:00.000Z')

beforeAll(async () => {
  official = await importOfficial203()
  theirs = await importOfficial203('commands')
  supported = await official203Commands()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  resetAll()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** An event manager of the caller's own, as official 2.x's `EventManager` is shaped. */
function eventManager() {
  const listeners: Record<string, (payload: unknown) => void> = {}
  return {
    listeners,
    subscribe(event: string, handler: (payload: unknown) => void) {
      listeners[event] = handler
    },
    unsubscribe(event: string) {
      delete listeners[event]
    },
    trigger(event: string, payload: unknown) {
      listeners[event]?.(payload)
    },
  }
}

interface Run {
  os: Os
  respond?: Record<string, Responder>
  /** World App build of the host. */
  version?: number
  /** No host at all: a plain browser. */
  outside?: boolean
  /** After the call was made and the message posted. */
  after?: () => void
}

type Outcome = { value: unknown } | { rejected: string; code?: unknown } | { pending: true }

/** Install the module's MiniKit on a fresh host, call `act` with it, and report what it did. */
async function run(
  module: AnyModule,
  { os, respond, version, outside, after }: Run,
  act: (module: AnyModule) => Promise<unknown>,
) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const kit = module === theirs ? official.MiniKit : MiniKit
  if (module === theirs) for (const { name } of supported) theirs.setCommandAvailable(name, false)
  const host = createFakeHost({ os, respond, supported, ...(version ? { version } : {}) })
  kit.install('app_test')
  await flush()
  if (outside) resetAll()
  host.raw.length = 0
  let outcome: Outcome = { pending: true }
  const call = act(module).then(
    (value) => {
      outcome = { value }
    },
    (error: { name: string; code?: unknown; error_code?: unknown }) => {
      outcome = { rejected: error.name, code: error.code ?? error.error_code }
    },
  )
  await flush()
  after?.()
  // Long enough for a first sign-in's lazy profile lookup; a call still pending then never settles.
  await Promise.race([call, new Promise((resolve) => setTimeout(resolve, 200))])
  // Our install also reads the permissions (get-permissions); the official does not. Not part of these calls.
  const sent = host.raw
    .map((raw) => JSON.parse(typeof raw === 'string' ? raw : JSON.stringify(raw)))
    .filter((message) => message.command !== 'get-permissions')
  return { outcome, sent }
}

/** The same call through official 2.0.3's `./commands` and ours. */
async function both(options: Run, act: (module: AnyModule) => Promise<unknown>) {
  return { theirs: await run(theirs, options, act), ours: await run(ours, options, act) }
}

const address = '0x1234567890AbcdEF1234567890aBcdef12345678'
const signed = { status: 'success', signature: `0x${'ab'.repeat(65)}`, address, version: 1 }
const authSuccess = { status: 'success', message: 'signed text', signature: `0x${'cd'.repeat(65)}`, address, version: 2 }
const nonce = 'a1b2c3d4e5f60718'
/** Each module's own MiniKit context, as its MiniKit hands it out. */
const ownContext = (module: AnyModule) => (module === theirs ? official.MiniKit : MiniKit).getContext()

describe.each(['ios', 'android'] as const)('official 2.0.3 command context (%s host)', (os) => {
  test('default: MiniKit.getContext() as ctx: the same message and the same result as the static', async () => {
    const act = (module: AnyModule) => module.signMessage({ message: 'hello' }, ownContext(module))
    const result = await both({ os, respond: { 'sign-message': () => signed } }, act)
    expect(result.theirs.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: signed } })
    expect(result.theirs.sent).toHaveLength(1)
    expect(result.ours).toStrictEqual(result.theirs)
  })

  test('behavior: a reply triggered on the context’s own event manager settles the call', async () => {
    const events = eventManager()
    const ctx = { events, state: { deviceProperties: {} } }
    // The host answers nothing itself: the reply comes through the caller's manager.
    const after = () => events.trigger('miniapp-sign-message', signed)
    const act = (module: AnyModule) => module.signMessage({ message: 'hello' }, ctx)
    const result = await both({ os, after }, act)
    expect(result.theirs.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: signed } })
    expect(result.ours).toStrictEqual(result.theirs)
    expect(events.listeners).toStrictEqual({})
  })

  test('behavior: a 1.x-style command (pay) with a context without state: the reply on its manager settles it', async () => {
    const events = eventManager()
    const paid = {
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: `0x${'12'.repeat(32)}`,
      reference: 'order-17',
      from: address,
      chain: 'worldchain',
      timestamp: NOW.toISOString(),
      version: 1,
    }
    const after = () => events.trigger('miniapp-payment', paid)
    const input = {
      reference: 'order-17',
      to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
      tokens: [{ symbol: 'WLD', token_amount: '1000000000000000000' }],
      description: 'A golden map',
    }
    const result = await both({ os, after }, (module) => module.pay(input, { events }))
    expect(result.theirs.outcome).toMatchObject({ value: { executedWith: 'minikit' } })
    expect(result.ours).toStrictEqual(result.theirs)
  })

  test('behavior: ctx.state.deviceProperties.worldAppVersion picks wallet-auth 2 on a host whose own build is older', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
    const act = (module: AnyModule) => {
      const own = ownContext(module)
      return module.walletAuth({ nonce }, { events: own.events, state: { deviceProperties: { worldAppVersion: 2087901 } } })
    }
    const result = await both({ os, version: 2087900, respond: { 'wallet-auth': () => authSuccess } }, act)
    expect(result.theirs.outcome).toMatchObject({ value: { executedWith: 'minikit', data: { address } } })
    expect(result.theirs.sent).toMatchObject([{ command: 'wallet-auth', version: 2 }])
    expect(result.ours).toStrictEqual(result.theirs)
    vi.unstubAllGlobals()
  })

  test('behavior: ctx.state.deviceProperties.deviceOS picks share’s path (the iOS sheet) whatever the host', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const sheet = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: sheet, configurable: true })
    const act = (module: AnyModule) => {
      const own = ownContext(module)
      return module.share({ text: 'My find' }, { events: own.events, state: { deviceProperties: { deviceOS: 'ios' } } })
    }
    const result = await both({ os }, act)
    expect(result.theirs.outcome).toStrictEqual({
      value: {
        executedWith: 'minikit',
        data: { status: 'success', version: 1, shared_files_count: 0, timestamp: NOW.toISOString() },
      },
    })
    expect(result.theirs.sent).toMatchObject([{ command: 'share', payload: { text: 'My find' } }])
    expect(result.ours).toStrictEqual(result.theirs)
    expect(sheet).toHaveBeenCalledTimes(2)
  })

  test.each([
    ['signMessage', 'an events object without subscribe', { events: {}, state: { deviceProperties: {} } }],
    ['signMessage', 'a number', 7],
    ['walletAuth', 'a context without state (wallet-auth reads the World App version)', { events: eventManager() }],
    ['share', 'a context without state (share reads the OS)', { events: eventManager() }],
  ])(
    'error: %s with %s: the official fails with a TypeError, ours with InvalidPayloadError; nothing sent',
    async (method, _, ctx) => {
      const input = method === 'walletAuth' ? { nonce } : method === 'share' ? { text: 'hi' } : { message: 'hello' }
      const result = await both({ os, respond: { 'sign-message': () => signed } }, (module) => module[method](input, ctx))
      expect(result.theirs).toStrictEqual({ outcome: { rejected: 'TypeError', code: undefined }, sent: [] })
      expect(result.ours).toStrictEqual({ outcome: { rejected: 'InvalidPayloadError', code: 'invalid_payload' }, sent: [] })
    },
  )

  test('behavior: outside World App the context is never read: a bad one still runs the fallback', async () => {
    const act = (module: AnyModule) => module.signMessage({ message: 'hello', fallback: () => 'manual' }, { events: {} })
    const result = await both({ os, outside: true }, act)
    expect(result.theirs.outcome).toStrictEqual({ value: { executedWith: 'fallback', data: 'manual' } })
    expect(result.ours).toStrictEqual(result.theirs)
  })

  test('behavior: closeMiniApp takes a context and never reads it', async () => {
    const result = await both({ os }, (module) => module.closeMiniApp({}, { events: 'anything' }))
    expect(result.theirs.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: { status: 'success', version: 1 } } })
    expect(result.ours).toStrictEqual(result.theirs)
  })

  test('behavior: without ctx the official `./commands` function never settles in World App (its reply goes to MiniKit, not a fresh manager); ours resolves (listed)', async () => {
    const result = await both({ os, respond: { 'sign-message': () => signed } }, (module) =>
      module.signMessage({ message: 'hello' }),
    )
    expect(result.theirs.sent).toHaveLength(1)
    expect(result.theirs.outcome).toStrictEqual({ pending: true })
    expect(result.ours.outcome).toStrictEqual({ value: { executedWith: 'minikit', data: signed } })
  })
})
