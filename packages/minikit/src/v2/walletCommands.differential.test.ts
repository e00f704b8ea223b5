// Differential tests of the 2.x wallet commands against official 2.0.3: the
// same calls, on iOS and Android fake hosts, through the official MiniKit and
// ours, comparing what each posts on the wire (the raw value the native
// handler receives: an object on iOS, a JSON string on Android) and what each
// resolves with or rejects with (error class name and the official error's fields).
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../test/official203.js'
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
  supported = await official203Commands()
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
  /** Fields added to `window.WorldApp` (the 2.x user fields). */
  worldApp?: Record<string, unknown>
}

/** What a call gave back: its value, or the rejection's class name and the official error's own fields. */
type Returned = { value: unknown } | { rejected: string; fields: Record<string, unknown> }

/** Install `kit` on a fresh fake host, run `act`, and return what it gave back and what the host received. */
async function run(kit: AnyKit, { os, respond, without = [], outside, worldApp }: Run, act: (kit: AnyKit) => unknown) {
  resetAll()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const host = createFakeHost({
    os,
    respond,
    supported: supported
      .filter((entry) => !without.includes(entry.name))
      // Copies: a test may change what this World App lists.
      .map((entry) => ({ ...entry, supported_versions: [...entry.supported_versions] })),
  })
  if (outside) resetAll()
  else if (worldApp) Object.assign((window as unknown as { WorldApp: object }).WorldApp, worldApp)
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

const signed = { status: 'success', signature: `0x${'ab'.repeat(65)}`, address, version: 1 }
const typed = {
  types: { Drop: [{ name: 'id', type: 'string' }] },
  primaryType: 'Drop',
  message: { id: 'drop-1' },
  domain: { name: 'WorldMap', chainId: 480 },
}
const to = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const userOpHash = `0x${'ef'.repeat(32)}`
const sent = {
  status: 'success',
  userOpHash,
  from: address,
  network: 'worldchain',
  timestamp: '2026-01-01T00:00:00.000Z',
  version: 2,
}
const batch = { chainId: 480, transactions: [{ to, data: '0xa9059cbb', value: '0x1' }, { to }] }

describe.each(['ios', 'android'] as const)('official 2.0.3 MiniKit.signMessage / signTypedData, same input (%s host)', (os) => {
  test.each([
    ['signMessage', 'sign-message', { message: 'I claim the old mill' }],
    ['signTypedData', 'sign-typed-data', typed],
    ['signTypedData without domain/chainId', 'sign-typed-data', { ...typed, domain: undefined }],
  ])('default: %s posts the same message and resolves { executedWith: minikit, data: reply }', async (_, command, input) => {
    const method = command === 'sign-message' ? 'signMessage' : 'signTypedData'
    const { theirs, ours } = await both({ os, respond: { [command]: () => signed } }, (kit) => kit[method](input))
    expect(theirs.returned).toStrictEqual({ value: { executedWith: 'minikit', data: signed } })
    expect(theirs.raw).toHaveLength(1)
    // iOS hands over the object: the official keeps `domain: undefined` as a key; Android's JSON drops it.
    if (os === 'ios' && 'domain' in input && input.domain === undefined) {
      expect(ours.returned).toStrictEqual(theirs.returned)
      expect(JSON.stringify(ours.raw)).toBe(JSON.stringify(theirs.raw))
    } else expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['signMessage', 'sign-message', { message: 'hi' }, 'SignMessageError', 'invalid_message'],
    ['signTypedData', 'sign-typed-data', typed, 'SignTypedDataError', 'invalid_contract'],
  ])('error: %s error reply rejects with its error class, same error_code', async (method, command, input, name, code) => {
    const reply = { status: 'error', error_code: code, version: 1 }
    const { theirs, ours } = await both({ os, respond: { [command]: () => reply } }, (kit) => kit[method](input))
    expect(theirs.returned).toStrictEqual({ rejected: name, fields: { name, error_code: code } })
    expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['signMessage', 'sign-message', { message: 'hi' }],
    ['signTypedData', 'sign-typed-data', typed],
  ])('error: %s in a World App without it: CommandUnavailableError, reason oldAppVersion', async (method, command, input) => {
    const { theirs, ours } = await both({ os, without: [command] }, (kit) => kit[method](input))
    expect(theirs.returned).toStrictEqual({
      rejected: 'CommandUnavailableError',
      fields: { name: 'CommandUnavailableError', reason: 'oldAppVersion' },
    })
    expect(ours.returned).toStrictEqual(theirs.returned)
    expect(ours.raw).toStrictEqual(theirs.raw)
  })

  test.each([
    ['signMessage', { message: 'hi' }],
    ['signTypedData', typed],
  ])('behavior: %s outside World App: unavailable without fallback, the fallback with one', async (method, input) => {
    const without = await both({ os, outside: true }, (kit) => kit[method](input))
    expect(without.theirs.returned).toStrictEqual({
      rejected: 'CommandUnavailableError',
      fields: { name: 'CommandUnavailableError', reason: 'notInWorldApp' },
    })
    expect(without.ours).toStrictEqual(without.theirs)
    const withFallback = await both({ os, outside: true }, (kit) => kit[method]({ ...input, fallback: () => 'manual' }))
    expect(withFallback.theirs.returned).toStrictEqual({ value: { executedWith: 'fallback', data: 'manual' } })
    expect(withFallback.ours).toStrictEqual(withFallback.theirs)
  })

  test('behavior: outside World App the web fallbacks get the same input and answer as wagmi', async () => {
    const calls: unknown[] = []
    const web = {
      signMessage: async (input: unknown) => {
        calls.push(input)
        return signed
      },
      signTypedData: async (input: unknown) => {
        calls.push(input)
        return signed
      },
    }
    const act = async (kit: AnyKit) => {
      if (kit === official.MiniKit) setOfficialFallbackAdapter(web)
      else setFallbackAdapter(web as never)
      return [await kit.signMessage({ message: 'hi' }), await kit.signTypedData({ ...typed, chainId: 480 })]
    }
    const { theirs, ours } = await both({ os, outside: true }, act)
    expect(theirs.returned).toStrictEqual({
      value: [
        { executedWith: 'wagmi', data: signed },
        { executedWith: 'wagmi', data: signed },
      ],
    })
    expect(ours).toStrictEqual(theirs)
    expect(calls.slice(0, 2)).toStrictEqual(calls.slice(2))
  })
})

describe.each(['ios', 'android'] as const)('official 2.0.3 MiniKit.sendTransaction, same input (%s host)', (os) => {
  test('default: posts send-transaction 2 with the batch and resolves { userOpHash, status, version, from, timestamp }', async () => {
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => sent } }, (kit) => kit.sendTransaction(batch))
    expect(theirs.returned).toStrictEqual({
      value: {
        executedWith: 'minikit',
        data: { userOpHash, status: 'success', version: 2, from: address, timestamp: sent.timestamp },
      },
    })
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: the error reply rejects with SendTransactionError, same code and details', async () => {
    const reply = { status: 'error', error_code: 'simulation_failed', details: { reason: 'reverted' }, version: 2 }
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => reply } }, (kit) => kit.sendTransaction(batch))
    expect(theirs.returned).toStrictEqual({
      rejected: 'SendTransactionError',
      fields: { name: 'SendTransactionError', code: 'simulation_failed', details: { reason: 'reverted' } },
    })
    expect(ours).toStrictEqual(theirs)
  })

  test.each([
    ['another chain', { chainId: 8453, transactions: [{ to }] }],
    ['an empty batch', { chainId: 480, transactions: [] }],
  ])('error: %s rejects with SendTransactionError before anything, even outside World App with a fallback', async (_, input) => {
    for (const outside of [false, true]) {
      const { theirs, ours } = await both({ os, outside, respond: { 'send-transaction': () => sent } }, (kit) =>
        kit.sendTransaction({ ...input, fallback: () => 'manual' }),
      )
      expect(theirs.returned).toMatchObject({ rejected: 'SendTransactionError' })
      expect(theirs.raw).toStrictEqual([])
      expect(ours).toStrictEqual(theirs)
    }
  })

  test('error: a decimal value rejects and nothing is sent (ours: InvalidPayloadError; listed)', async () => {
    const input = { chainId: 480, transactions: [{ to, value: '100' }] }
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => sent } }, (kit) => kit.sendTransaction(input))
    expect(theirs.raw).toStrictEqual([])
    expect(ours.raw).toStrictEqual([])
    expect(theirs.returned).toMatchObject({ rejected: 'Error' })
    expect(ours.returned).toMatchObject({ rejected: 'InvalidPayloadError' })
  })

  test('error: a `to` that is not an address: the official sends it, ours rejects before sending (listed)', async () => {
    const input = { chainId: 480, transactions: [{ to: '0x1234' }] }
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => sent } }, (kit) => kit.sendTransaction(input))
    expect(theirs.raw).toHaveLength(1)
    expect(ours.raw).toStrictEqual([])
    expect(ours.returned).toMatchObject({ rejected: 'InvalidPayloadError' })
  })

  test('error: World App listing send-transaction only at version 1: CommandUnavailableError, oldAppVersion', async () => {
    const old = async (kit: AnyKit) => {
      const worldApp = (window as unknown as { WorldApp: { supported_commands: Supported } }).WorldApp
      for (const entry of worldApp.supported_commands) if (entry.name === 'send-transaction') entry.supported_versions = [1]
      return kit.sendTransaction(batch)
    }
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => sent } }, old)
    expect(theirs.returned).toStrictEqual({
      rejected: 'CommandUnavailableError',
      fields: { name: 'CommandUnavailableError', reason: 'oldAppVersion' },
    })
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: outside World App: unavailable without fallback, the fallback with one', async () => {
    const without = await both({ os, outside: true }, (kit) => kit.sendTransaction(batch))
    expect(without.theirs.returned).toMatchObject({ rejected: 'CommandUnavailableError', fields: { reason: 'notInWorldApp' } })
    expect(without.ours).toStrictEqual(without.theirs)
    const withFallback = await both({ os, outside: true }, (kit) => kit.sendTransaction({ ...batch, fallback: () => 7 }))
    expect(withFallback.theirs.returned).toStrictEqual({ value: { executedWith: 'fallback', data: 7 } })
    expect(withFallback.ours).toStrictEqual(withFallback.theirs)
  })
})

describe.each(['ios', 'android'] as const)('official 2.0.3 MiniKit.user after install (%s host)', (os) => {
  test('default: the 2.x fields of window.WorldApp, as the simulator advertises them', async () => {
    const fields = {
      wallet_address: address,
      verification_status: { is_orb_verified: true, is_document_verified: true, is_secure_document_verified: false },
      preferred_currency: 'EUR',
      pending_notifications: 2,
    }
    const act = (kit: AnyKit) => {
      const { walletAddress, verificationStatus, preferredCurrency, pendingNotifications } = kit.user
      return { walletAddress, verificationStatus, preferredCurrency, pendingNotifications }
    }
    const theirs = await run(official.MiniKit, { os, worldApp: fields }, act)
    const ours = await run(MiniKit, { os, worldApp: fields }, act)
    expect(theirs.returned).toStrictEqual({
      value: {
        walletAddress: address,
        verificationStatus: { isOrbVerified: true, isDocumentVerified: true, isSecureDocumentVerified: false },
        preferredCurrency: 'EUR',
        pendingNotifications: 2,
      },
    })
    expect(ours.returned).toStrictEqual(theirs.returned)
  })

  test('error: malformed fields: the official copies them as they are, ours leaves them out (listed)', async () => {
    const fields = { wallet_address: 42, preferred_currency: { code: 'EUR' }, pending_notifications: '2' }
    const act = (kit: AnyKit) => [kit.user.walletAddress, kit.user.preferredCurrency, kit.user.pendingNotifications]
    const theirs = await run(official.MiniKit, { os, worldApp: fields }, act)
    const ours = await run(MiniKit, { os, worldApp: fields }, act)
    expect(theirs.returned).toStrictEqual({ value: [42, { code: 'EUR' }, '2'] })
    expect(ours.returned).toStrictEqual({ value: [undefined, undefined, undefined] })
  })
})
