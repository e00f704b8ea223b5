// Differential tests for the `MiniKit` members official 1.9.6 has besides
// the commands (isCommandAvailable, isReady, commandsValid, awaitCommand,
// sendInit, the versions, assignable user/appId): official and ours, the
// same calls on the same fake World App, on iOS and on Android, comparing
// what each posts and returns.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost, resetAll } from '../test/fakeHost.js'
import { importOfficial196 } from '../test/official.js'
import { MiniKit } from './facade.js'
import { state } from './state.js'

// biome-ignore lint/suspicious/noExplicitAny: the official class is driven at runtime.
let Official: any
beforeAll(async () => {
  Official = (await importOfficial196()).MiniKit
})
afterEach(() => {
  resetAll()
})

const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const OFFICIAL_COMMANDS = [
  'verify',
  'pay',
  'wallet-auth',
  'send-transaction',
  'sign-message',
  'sign-typed-data',
  'share-contacts',
  'request-permission',
  'get-permissions',
  'send-haptic-feedback',
  'share',
]
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const signed = { 'sign-message': () => ({ status: 'success', signature: '0xabcd', address: ADDRESS, version: 1 }) }

/** A fresh fake host with `kit` installed on it, its install-time messages cleared. */
async function installed(kit: { install(appId: string): unknown }, os: 'ios' | 'android'): Promise<FakeHost> {
  resetAll()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const host = createFakeHost({ os, respond: signed })
  kit.install('app_test')
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

/** Run `scenario` with the official MiniKit, then with ours, each on its own fresh host. */
async function both<T>(os: 'ios' | 'android', scenario: (kit: typeof MiniKit, host: FakeHost) => Promise<T> | T) {
  const theirHost = await installed(Official, os)
  const theirs = await scenario(Official, theirHost)
  const theirRaw = [...theirHost.raw]
  const ourHost = await installed(MiniKit, os)
  const ours = await scenario(MiniKit, ourHost)
  return { official: { result: theirs, raw: theirRaw }, ours: { result: ours, raw: [...ourHost.raw] } }
}

describe.each(['ios', 'android'] as const)('on %s', (os) => {
  test('default: the versions and command versions are the official ones', async () => {
    const { official: theirs, ours } = await both(os, (kit) => ({
      version: kit.MINIKIT_VERSION,
      minor: kit.MINIKIT_MINOR_VERSION,
      isReady: kit.isReady,
    }))
    expect(ours).toStrictEqual(theirs)
    expect(MiniKit.miniKitCommandVersion).toMatchObject(Official.miniKitCommandVersion)
  })

  test('behavior: sendInit posts the same init message', async () => {
    const { official: theirs, ours } = await both(os, (kit) => kit.sendInit())
    expect(ours).toStrictEqual(theirs)
    expect(ours.raw).toHaveLength(1)
  })

  test('behavior: awaitCommand posts the command and resolves with its payload and the reply', async () => {
    const { official: theirs, ours } = await both(os, (kit) =>
      kit.awaitCommand('miniapp-sign-message', 'sign-message', () => kit.commands.signMessage({ message: 'hello' })),
    )
    expect(ours).toStrictEqual(theirs)
    expect(ours.result).toMatchObject({ commandPayload: { message: 'hello' }, finalPayload: { status: 'success' } })
    // The slot is freed once the reply is in, in both.
    expect(MiniKit.listeners['miniapp-sign-message']).toBeUndefined()
  })

  test('behavior: commandsValid and isCommandAvailable agree with the official on an out-of-date host', async () => {
    const supported = OFFICIAL_COMMANDS.filter((name) => name !== 'share').map((name) => ({
      name,
      // wallet-auth 1 only: listed at another version than ours still counts as available.
      supported_versions: [1],
    }))
    const { official: theirs, ours } = await both(os, (kit) => {
      const valid = kit.commandsValid(supported)
      const available = Object.fromEntries(OFFICIAL_COMMANDS.map((name) => [name, kit.isCommandAvailable[name as never]]))
      return { valid, available }
    })
    // Listed difference: the official leaves a command the host no longer lists
    // as available as it was (here, from install); ours marks it unavailable.
    expect({ ...ours.result, available: { ...ours.result.available, share: true } }).toStrictEqual(theirs.result)
    expect(theirs.result.available.share).toBe(true)
    expect(ours.result).toMatchObject({ valid: false, available: { share: false, 'wallet-auth': true } })
  })

  test('behavior: user, appId and deviceProperties are assignable, as test setups assign them', async () => {
    const { official: theirs, ours } = await both(os, (kit) => {
      kit.user = { walletAddress: ADDRESS }
      kit.appId = 'app_other'
      return { user: kit.user, appId: kit.appId }
    })
    expect(ours.result).toStrictEqual(theirs.result)
    MiniKit.user = {}
    expect(MiniKit.user).toStrictEqual({})
    expect(state.config.appId).toBe('app_other')
  })

  test('behavior: listeners shows the handler subscribe set, and unsubscribe removes it', async () => {
    const handler = () => {}
    const { official: theirs, ours } = await both(os, (kit) => {
      kit.subscribe('miniapp-payment', handler)
      const set = kit.listeners['miniapp-payment'] === handler
      kit.unsubscribe('miniapp-payment')
      return { set, after: kit.listeners['miniapp-payment'] }
    })
    expect(ours.result).toStrictEqual(theirs.result)
    expect(ours.result).toStrictEqual({ set: true, after: undefined })
  })
})

describe.each(['ios', 'android'] as const)('install in a test setup, on %s', (os) => {
  type Kit = { install(appId: string): unknown }
  const globals = () => window as unknown as Record<string, unknown>
  // Swapping hosts mid-test aborts the permission reads in flight; that noise is not under test.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  test('behavior: window.WorldApp without a native handler installs, in both', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const results = [Official as Kit, MiniKit as Kit].map((kit) => {
      resetAll()
      createFakeHost({ os })
      delete globals().webkit
      delete globals().Android
      return kit.install('app_test')
    })
    expect(results[1]).toStrictEqual(results[0])
    expect(results[1]).toStrictEqual({ success: true })
  })

  test('behavior: installing again on a fresh window succeeds and posts init again, in both', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const runs = [Official as Kit, MiniKit as Kit].map((kit) => {
      resetAll()
      createFakeHost({ os })
      const first = kit.install('app_test')
      // The test runner's next file: the globals go, the module (and its state) stays.
      delete globals().MiniKit
      const host = createFakeHost({ os })
      return { first, again: kit.install('app_test'), posted: host.raw.slice(0, 1) }
    })
    expect(runs[1]).toStrictEqual(runs[0])
    expect(runs[1]?.again).toStrictEqual({ success: true })
  })

  test('difference: with no native handler the official commandsAsync waits forever; ours rejects at once', async () => {
    resetAll()
    createFakeHost({ os })
    delete globals().webkit
    delete globals().Android
    MiniKit.install('app_test')
    await expect(MiniKit.commandsAsync.signMessage({ message: 'hi' })).rejects.toMatchObject({ name: 'HostUnavailableError' })
  })
})

test('behavior: flipping isCommandAvailable gates our commands, as it does the official ones', async () => {
  await installed(MiniKit, 'ios')
  vi.spyOn(console, 'error').mockImplementation(() => {})
  MiniKit.isCommandAvailable['sign-message'] = false
  expect(MiniKit.commands.signMessage({ message: 'hello' })).toBeNull()
  MiniKit.isCommandAvailable['sign-message'] = true
  expect(MiniKit.commands.signMessage({ message: 'hello' })).toStrictEqual({ message: 'hello' })
})

test('behavior: isReady is assignable and follows install', async () => {
  expect(MiniKit.isReady).toBe(false)
  await installed(MiniKit, 'android')
  expect(MiniKit.isReady).toBe(true)
  MiniKit.isReady = false
  expect(state.installed).toBe(false)
})
