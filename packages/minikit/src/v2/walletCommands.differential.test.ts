// Differential tests of the 2.x wallet commands against official 2.0.3: the
// same calls, on iOS and Android fake hosts, through the official MiniKit and
// ours, comparing what each posts on the wire (the raw value the native
// handler receives: an object on iOS, a JSON string on Android) and what each
// resolves with or rejects with (error class name and the official error's fields).
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../test/fakeHost.js'
import { importOfficial203 } from '../../test/official203.js'
import { MiniKit } from '../facade.js'
import { setFallbackAdapter } from './fallbackAdapter.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any
type Supported = Array<{ name: string; supported_versions: number[] }>

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let supported: Supported

const NOW = new Date('2026-03-01T10:00:00.000Z')

beforeAll(async () => {
  official = await importOfficial203()
  officialCommands = await importOfficial203('commands')
  // Today's World App: every command official 2.0.3 knows, at its version,
  // and verify (which 2.0.3 moved to IDKit but World App still lists).
  supported = Object.entries(officialCommands.COMMAND_VERSIONS as Record<string, number>).map(([name, version]) => ({
    name,
    supported_versions: [version],
  }))
  supported.push({ name: 'verify', supported_versions: [1] })
})

beforeEach(() => {
  // The SIWE message carries "Issued At": both SDKs must see the same clock.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  setFallbackAdapter(undefined)
  setOfficialFallbackAdapter(undefined)
  resetAll()
})

/** The official 2.0.3 keeps its web-fallback registry on a global (its setter is not exported). */
const setOfficialFallbackAdapter = (adapter: unknown) => {
  ;(globalThis as Record<string, unknown>).__minikit_fallback_adapter__ = adapter
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

interface Run {
  os: Os
  respond?: Record<string, Responder>
  /** `supported_commands` without these (World App does not offer them). */
  without?: string[]
  /** No `window.WorldApp` at all: a plain browser. */
  outside?: boolean
}

/** What a call gave back: its value, or the rejection's class name and the official error's own fields. */
type Returned = { value: unknown } | { rejected: string; fields: Record<string, unknown> }

/** Install `kit` on a fresh fake host, run `act`, and return what it gave back and what the host received. */
async function run(kit: AnyKit, { os, respond, without = [], outside }: Run, act: (kit: AnyKit) => unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const host = createFakeHost({ os, respond, supported: supported.filter((entry) => !without.includes(entry.name)) })
  if (outside) resetAll()
  // One official module serves every test; its install only ever marks
  // commands available. Start each run as a fresh page would.
  if (kit === official.MiniKit) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  const installed = kit.install('app_test')
  await flush()
  host.raw.length = 0
  let returned: Returned
  let error: unknown
  try {
    returned = { value: await act(kit) }
  } catch (caught) {
    error = caught
    returned = { rejected: (caught as Error).name, fields: {} }
  }
  // Our install also reads the permissions (get-permissions); the official does not. Not part of these calls.
  const raw = host.raw.filter((message) => !JSON.stringify(message).includes('get-permissions'))
  return { installed, returned, raw, error }
}

/** Run the same call through official 2.0.3 and ours; both results, with ours' error cut to the official's fields. */
async function both(options: Run, act: (kit: AnyKit) => unknown) {
  const theirs = await run(official.MiniKit, options, act)
  const ours = await run(MiniKit, options, act)
  // The official error's own fields (name, code, details, reason …), read the same way on ours.
  for (const key of Object.keys((theirs.error as object | undefined) ?? {})) {
    if ('fields' in theirs.returned) theirs.returned.fields[key] = (theirs.error as Record<string, unknown>)[key]
    if ('fields' in ours.returned) ours.returned.fields[key] = (ours.error as Record<string, unknown> | undefined)?.[key]
  }
  const strip = ({ error: _, ...rest }: Awaited<ReturnType<typeof run>>) => rest
  return { theirs: strip(theirs), ours: strip(ours) }
}

const nonce = 'a1b2c3d4e5f60718'
const address = '0x1234567890AbcdEF1234567890aBcdef12345678'
const authSuccess = { status: 'success', message: 'signed text', signature: `0x${'cd'.repeat(65)}`, address, version: 2 }
const authError = { status: 'error', error_code: 'user_rejected', details: 'User rejected the request.', version: 2 }

describe.each(['ios', 'android'] as const)('official 2.0.3 MiniKit.walletAuth, same input (%s host)', (os) => {
  test('default: the success reply resolves { executedWith: minikit, data }, the same SIWE message posted', async () => {
    const act = (kit: AnyKit) => kit.walletAuth({ nonce, statement: 'Sign in to WorldMap', requestId: 'r1' })
    const { theirs, ours } = await both({ os, respond: { 'wallet-auth': () => authSuccess } }, act)
    expect(theirs.returned).toStrictEqual({
      value: { executedWith: 'minikit', data: { address, message: 'signed text', signature: authSuccess.signature, version: 2 } },
    })
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: after a sign-in ours stores the wallet on MiniKit.user, the official 2.0.3 does not (listed)', async () => {
    const act = async (kit: AnyKit) => {
      await kit.walletAuth({ nonce })
      return kit.user.walletAddress
    }
    const { theirs, ours } = await both({ os, respond: { 'wallet-auth': () => authSuccess } }, act)
    expect(theirs.returned).toStrictEqual({ value: undefined })
    expect(ours.returned).toStrictEqual({ value: address })
    expect(ours.raw).toStrictEqual(theirs.raw)
  })

  test('error: the error reply rejects with WalletAuthError, same code and details', async () => {
    const { theirs, ours } = await both({ os, respond: { 'wallet-auth': () => authError } }, (kit) => kit.walletAuth({ nonce }))
    expect(theirs.returned).toStrictEqual({
      rejected: 'WalletAuthError',
      fields: { name: 'WalletAuthError', code: 'user_rejected', details: 'User rejected the request.' },
    })
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a non-alphanumeric nonce rejects and nothing is sent (ours: InvalidPayloadError; listed)', async () => {
    const { theirs, ours } = await both({ os, respond: { 'wallet-auth': () => authSuccess } }, (kit) =>
      kit.walletAuth({ nonce: 'abcd-efgh-1234' }),
    )
    expect(theirs.raw).toStrictEqual([])
    expect(ours.raw).toStrictEqual([])
    expect(theirs.returned).toMatchObject({ rejected: 'Error' })
    expect(ours.returned).toMatchObject({ rejected: 'InvalidPayloadError' })
  })

  test('error: World App without wallet-auth rejects with CommandUnavailableError, reason oldAppVersion', async () => {
    const { theirs, ours } = await both({ os, without: ['wallet-auth'] }, (kit) => kit.walletAuth({ nonce }))
    expect(theirs.returned).toStrictEqual({
      rejected: 'CommandUnavailableError',
      fields: { name: 'CommandUnavailableError', reason: 'oldAppVersion' },
    })
    expect(ours.returned).toStrictEqual(theirs.returned)
    expect(ours.raw).toStrictEqual(theirs.raw)
  })

  test('error: outside World App without fallback, CommandUnavailableError reason notInWorldApp', async () => {
    const { theirs, ours } = await both({ os, outside: true }, (kit) => kit.walletAuth({ nonce }))
    expect(theirs.returned).toStrictEqual({
      rejected: 'CommandUnavailableError',
      fields: { name: 'CommandUnavailableError', reason: 'notInWorldApp' },
    })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: outside World App the caller fallback answers', async () => {
    const { theirs, ours } = await both({ os, outside: true }, (kit) =>
      kit.walletAuth({ nonce, fallback: async () => ({ manual: true }) }),
    )
    expect(theirs.returned).toStrictEqual({ value: { executedWith: 'fallback', data: { manual: true } } })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: outside World App the registered web fallback answers as wagmi', async () => {
    const web = { walletAuth: async () => ({ address, message: 'web message', signature: '0xweb' }) }
    const act = (kit: AnyKit) => {
      if (kit === official.MiniKit) setOfficialFallbackAdapter(web)
      else setFallbackAdapter(web)
      return kit.walletAuth({ nonce, statement: 'Hi' })
    }
    const { theirs, ours } = await both({ os, outside: true }, act)
    expect(theirs.returned).toStrictEqual({
      value: { executedWith: 'wagmi', data: { address, message: 'web message', signature: '0xweb' } },
    })
    expect(ours).toStrictEqual(theirs)
  })
})
