// Differential tests of getWorldAppProvider against official 2.0.3: the same
// EIP-1193 requests, on iOS and Android fake hosts, through the official
// provider and ours, comparing what each posts on the wire and what each
// resolves with (or the EIP-1193 code it rejects with). Both keep the
// provider on `window`, so each run starts from a page without one.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type Responder, resetAll } from '../../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../../test/official203.js'
import { MiniKit } from '../../facade.js'
import { getWorldAppProvider } from './getWorldAppProvider.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both providers are driven through the official's untyped call sites.
type AnyProvider = any
type Request = { method: string; params?: unknown }

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let supported: Array<{ name: string; supported_versions: number[] }>

beforeAll(async () => {
  official = await importOfficial203()
  officialCommands = await importOfficial203('commands')
  supported = await official203Commands()
})

beforeEach(() => {
  // The SIWE message carries "Issued At": both SDKs must see the same clock.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'))
  // Our install reads the usernames service for the signed-in user.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  freshPage()
  resetAll()
})

/** A page with no provider and no signed-in address (both SDKs keep them on window). */
function freshPage() {
  const page = window as unknown as Record<string, unknown>
  delete page.__worldapp_eip1193_provider__
  delete page.__worldapp_eip1193_address__
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
// The sign-in nonce is random (32 letters and digits in both SDKs): compare it as a placeholder.
const normalize = (raw: unknown[]) => JSON.parse(JSON.stringify(raw).replace(/\b[0-9a-f]{32}\b/g, 'NONCE'))

type Outcome = { value: unknown } | { code: unknown }

/** Install `kit` on a fresh fake host, send `requests` one after the other, and collect the outcomes and the wire. */
async function run(
  kit: AnyProvider,
  provider: () => AnyProvider,
  { os, respond, outside }: { os: Os; respond?: Record<string, Responder>; outside?: boolean },
  requests: Request[],
) {
  resetAll()
  freshPage()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const host = createFakeHost({ os, respond, supported })
  if (outside) resetAll()
  if (kit === official.MiniKit) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  kit.install('app_test')
  await flush()
  host.raw.length = 0
  const outcomes: Outcome[] = []
  for (const request of requests) {
    try {
      outcomes.push({ value: await provider().request(request) })
    } catch (error) {
      outcomes.push({ code: (error as { code?: unknown }).code })
    }
  }
  // Our install also reads the permissions (get-permissions); the official does not. Not part of these calls.
  const raw = host.raw.filter((message) => !JSON.stringify(message).includes('get-permissions'))
  return { outcomes, raw: normalize(raw) }
}

async function both(options: { os: Os; respond?: Record<string, Responder>; outside?: boolean }, requests: Request[]) {
  const theirs = await run(official.MiniKit, () => official.getWorldAppProvider(), options, requests)
  const ours = await run(MiniKit, getWorldAppProvider, options, requests)
  return { theirs, ours }
}

const lower = '0x2cfc85d8e48f8eab294be644d9e25c3030863003'
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const TO = '0x1111111111111111111111111111111111111111'
const signature = `0x${'ab'.repeat(65)}`
const auth = { status: 'success', message: 'signed text', signature, address: lower, version: 2 }
const signed = { status: 'success', signature, address: ADDRESS, version: 1 }
const rejected = { status: 'error', error_code: 'user_rejected', version: 1 }
const TYPED = {
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  domain: { name: 'WorldMap', chainId: 480 },
  message: { contents: 'hello' },
}
const sent = {
  status: 'success',
  version: 2,
  userOpHash: `0x${'12'.repeat(32)}`,
  from: ADDRESS,
  timestamp: '2026-03-01T10:00:01.000Z',
}

describe.each(['ios', 'android'] as const)('official 2.0.3 getWorldAppProvider, same requests (%s host)', (os) => {
  test('default: eth_requestAccounts signs in once with the same message and answers the checksummed address', async () => {
    const { theirs, ours } = await both({ os, respond: { 'wallet-auth': () => auth } }, [
      { method: 'eth_accounts' },
      { method: 'eth_requestAccounts' },
      { method: 'eth_requestAccounts' },
      { method: 'eth_accounts' },
      { method: 'eth_chainId' },
    ])
    expect(theirs.outcomes).toStrictEqual([
      { value: [] },
      { value: [ADDRESS] },
      { value: [ADDRESS] },
      { value: [ADDRESS] },
      { value: '0x1e0' },
    ])
    expect(theirs.raw).toHaveLength(1)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a declined sign-in is 4001 in both', async () => {
    const { theirs, ours } = await both(
      { os, respond: { 'wallet-auth': () => ({ status: 'error', error_code: 'user_rejected', version: 2 }) } },
      [{ method: 'eth_requestAccounts' }, { method: 'eth_accounts' }],
    )
    expect(theirs.outcomes).toStrictEqual([{ code: 4001 }, { value: [] }])
    expect(ours).toStrictEqual(theirs)
  })

  test('error: outside World App eth_requestAccounts is 4900 and nothing is posted', async () => {
    const { theirs, ours } = await both({ os, outside: true }, [{ method: 'eth_requestAccounts' }])
    expect(theirs).toStrictEqual({ outcomes: [{ code: 4900 }], raw: [] })
    expect(ours).toStrictEqual(theirs)
  })

  test('default: personal_sign and eth_sign post the decoded text and answer the signature', async () => {
    const hello = '0x68656c6c6f20776f726c64' // "hello world"
    const { theirs, ours } = await both({ os, respond: { 'sign-message': () => signed } }, [
      { method: 'personal_sign', params: [hello, ADDRESS] },
      { method: 'personal_sign', params: [ADDRESS, 'plain text'] },
      { method: 'eth_sign', params: [ADDRESS, hello] },
    ])
    expect(theirs.outcomes).toStrictEqual([{ value: signature }, { value: signature }, { value: signature }])
    expect(theirs.raw).toHaveLength(3)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: a declined signature is 4001 in both', async () => {
    const { theirs, ours } = await both({ os, respond: { 'sign-message': () => rejected } }, [
      { method: 'personal_sign', params: ['0x6869', ADDRESS] },
    ])
    expect(theirs.outcomes).toStrictEqual([{ code: 4001 }])
    expect(ours).toStrictEqual(theirs)
  })

  test('default: eth_signTypedData_v4 posts the typed data with its chain and answers the signature', async () => {
    const { theirs, ours } = await both({ os, respond: { 'sign-typed-data': () => signed } }, [
      { method: 'eth_signTypedData_v4', params: [ADDRESS, JSON.stringify(TYPED)] },
      { method: 'eth_signTypedData', params: [TYPED] },
    ])
    expect(theirs.outcomes).toStrictEqual([{ value: signature }, { value: signature }])
    expect(ours).toStrictEqual(theirs)
  })

  test('default: eth_sendTransaction posts one World Chain call (send-transaction 2) and answers the userOpHash', async () => {
    const { theirs, ours } = await both({ os, respond: { 'send-transaction': () => sent } }, [
      { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: TO, data: '0xa9059cbb', value: '0x10' }] },
      { method: 'eth_sendTransaction', params: [{ to: TO, data: '0x', value: '0x0', chainId: '0x1e0' }] },
    ])
    expect(theirs.outcomes).toStrictEqual([{ value: sent.userOpHash }, { value: sent.userOpHash }])
    expect(theirs.raw).toHaveLength(2)
    expect(ours).toStrictEqual(theirs)
  })

  test('error: chains other than World Chain and unknown methods get the same codes', async () => {
    const { theirs, ours } = await both({ os }, [
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1e0' }] },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
      { method: 'wallet_addEthereumChain', params: [{ chainId: '0x1' }] },
      { method: 'eth_sendTransaction', params: [{ to: TO, chainId: 1 }] },
      { method: 'eth_getBalance', params: [ADDRESS, 'latest'] },
    ])
    expect(theirs.outcomes).toStrictEqual([{ value: null }, { code: 4902 }, { code: 4200 }, { code: 4902 }, { code: 4200 }])
    expect(theirs.raw).toStrictEqual([])
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: malformed params are rejected before anything is posted; the official throws without a code, ours -32602 (listed)', async () => {
    const { theirs, ours } = await both({ os }, [
      { method: 'personal_sign', params: [] },
      { method: 'eth_sendTransaction', params: [{ to: 'nobody' }] },
      { method: 'wallet_switchEthereumChain', params: [{}] },
    ])
    expect(theirs).toStrictEqual({ outcomes: [{ code: undefined }, { code: undefined }, { code: undefined }], raw: [] })
    expect(ours).toStrictEqual({ outcomes: [{ code: -32602 }, { code: -32602 }, { code: -32602 }], raw: [] })
  })

  test('behavior: World App failing a signature (not a rejection) is 4001 in the official, -32603 in ours (listed)', async () => {
    const { theirs, ours } = await both(
      { os, respond: { 'sign-message': () => ({ status: 'error', error_code: 'generic_error', version: 1 }) } },
      [{ method: 'personal_sign', params: ['0x6869', ADDRESS] }],
    )
    expect(theirs.outcomes).toStrictEqual([{ code: 4001 }])
    expect(ours.outcomes).toStrictEqual([{ code: -32603 }])
    expect(ours.raw).toStrictEqual(theirs.raw)
  })
})
