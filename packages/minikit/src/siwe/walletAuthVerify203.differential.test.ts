// Differential tests of a whole 2.x sign-in against official 2.0.3: the page
// calls `MiniKit.walletAuth` (ours and the official, on iOS and Android fake
// hosts whose wallet really signs the SIWE message posted), and the server
// verifies what it resolved with, through official 2.0.3's `./siwe`
// `verifySiweMessage` and ours (`./siwe`, where 2.x has it; the root dropped it in issue 34). The shapes a server
// gets (with and without `version` and `status`) are accepted or refused alike;
// the pinned exceptions are the README's listed differences.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../test/official203.js'
import { owner } from '../../test/siweFixtures.js'
import * as siwe from '../exports/siwe.js'
import { MiniKit } from '../facade.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both MiniKits are driven through the official's untyped call sites.
type AnyKit = any
type Verifier = (...args: unknown[]) => Promise<unknown>

// biome-ignore lint/suspicious/noExplicitAny: the official class is driven at runtime.
let Official: any
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let officialCommands: Record<string, any>
let officialVerify: Verifier
let supported: Array<{ name: string; supported_versions: number[] }>

beforeAll(async () => {
  Official = (await importOfficial203()).MiniKit
  officialCommands = await importOfficial203('commands')
  officialVerify = (await importOfficial203('siwe')).verifySiweMessage
  supported = [...(await official203Commands()), { name: 'verify', supported_versions: [1] }]
})

afterEach(() => {
  vi.unstubAllGlobals()
  resetAll()
})

const nonce = 'a1b2c3d4e5f60718'
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Sign in with `kit` on a fresh `os` host whose wallet (an EOA) signs the
 * message posted; World App's reply carries `version` unless `withVersion`
 * is false. Returns what `MiniKit.walletAuth` resolved with.
 */
async function signIn(kit: AnyKit, os: Os, withVersion: boolean) {
  resetAll()
  for (const method of ['log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {})
  vi.stubGlobal('fetch', async () => Response.json([]))
  if (kit === Official) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  // No automatic answer: the wallet signs first (asynchronously), then World App replies.
  const host = createFakeHost({ os, supported, respond: { 'wallet-auth': () => undefined } })
  kit.install('app_test')
  await flush()
  const pending = kit.walletAuth({ nonce, statement: 'Sign in to WorldMap' })
  // Ours may post a moment later: the 2.x statics' module loads on install.
  const posted = (await vi.waitFor(() => {
    const [sent] = host.commands('wallet-auth')
    if (!sent) throw new Error('no wallet-auth posted yet')
    return sent.payload
  })) as { siweMessage: string }
  // World App fills the wallet's address into the template before signing.
  const message = posted.siweMessage.replace('{address}', owner.address)
  const signature = await owner.signMessage({ message })
  host.reply('miniapp-wallet-auth', {
    status: 'success',
    message,
    signature,
    address: owner.address,
    ...(withVersion ? { version: 2 } : {}),
  })
  return (await pending) as { executedWith: string; data: Record<string, unknown> }
}

/** Verify `payload` as a server does (no `window`: the official refuses to run in a page) with the official and ours. */
async function verifyAll(payload: unknown) {
  vi.stubGlobal('window', undefined)
  const settle = async (verify: Verifier, ...args: unknown[]) => {
    try {
      const result = (await verify(...args)) as { isValid: boolean }
      return { isValid: result.isValid }
    } catch (error) {
      return { refused: (error as { code?: string }).code ?? (error as Error).message }
    }
  }
  const results = {
    theirs: await settle(officialVerify, payload, nonce),
    ours: await settle(siwe.verifySiweMessage as Verifier, payload, nonce),
    ourObject: await settle(siwe.verifySiweMessage as Verifier, { payload, nonce }),
  }
  vi.unstubAllGlobals()
  return results
}

describe.each(['ios', 'android'] as const)('MiniKit.walletAuth, then verifySiweMessage on the server (%s host)', (os) => {
  test.each([
    ['with', true],
    ['without', false],
  ])('default: a reply %s version resolves the same data shape in both kits', async (_, withVersion) => {
    const theirs = await signIn(Official, os, withVersion)
    const ours = await signIn(MiniKit, os, withVersion)
    const shape = ({ executedWith, data }: { executedWith: string; data: Record<string, unknown> }) => ({
      executedWith,
      keys: Object.keys(data).sort(),
      address: data.address,
      version: data.version,
    })
    expect(shape(theirs)).toStrictEqual({
      executedWith: 'minikit',
      keys: ['address', 'message', 'signature', 'version'],
      address: owner.address,
      version: withVersion ? 2 : undefined,
    })
    expect(shape(ours)).toStrictEqual(shape(theirs))
  })

  // Each kit's own result, then the shapes a server may get from it.
  const shapes: Array<[string, (data: Record<string, unknown>) => unknown]> = [
    ['the 2.x result as resolved (version 2, no status)', (data) => data],
    ['the 2.x result with version undefined (a reply without it)', (data) => ({ ...data, version: undefined })],
    ['the 2.x result without a version key', ({ version: _, ...data }) => data],
    ["the 1.x success reply (status 'success', version 2)", (data) => ({ status: 'success', ...data })],
    ['the 1.x success reply without version', ({ version: _, ...data }) => ({ status: 'success', ...data })],
    ['the address in lower case', (data) => ({ ...data, address: String(data.address).toLowerCase() })],
  ]
  test.each(shapes)('default: %s is valid for official 2.0.3 and ours alike', async (_, shape) => {
    for (const kit of [Official, MiniKit]) {
      const { data } = await signIn(kit, os, true)
      const results = await verifyAll(shape(data))
      expect(results).toStrictEqual({
        theirs: { isValid: true },
        ours: { isValid: true },
        ourObject: { isValid: true },
      })
    }
  })

  test.each([
    ['the whole { executedWith, data } result', (result: { data: Record<string, unknown> }) => result],
    ['no signature', ({ data: { signature: _, ...data } }: { data: Record<string, unknown> }) => data],
    ['no message', ({ data: { message: _, ...data } }: { data: Record<string, unknown> }) => data],
    ['no address', ({ data: { address: _, ...data } }: { data: Record<string, unknown> }) => data],
    ['another address', ({ data }: { data: Record<string, unknown> }) => ({ ...data, address: `0x${'ab'.repeat(20)}` })],
    ['nothing', () => null],
  ])('error: %s is refused by both (ours malformed_payload or the failing check)', async (_, shape) => {
    const result = await signIn(MiniKit, os, true)
    const results = await verifyAll(shape(result))
    expect(results.theirs).not.toStrictEqual({ isValid: true })
    for (const ours of [results.ours, results.ourObject]) expect(ours).toHaveProperty('refused')
  })

  // Listed difference: official 2.0.3 never reads `status` or `version`, so an
  // error reply that still carries a signed message, or a version that is not
  // a number, verifies there; ours refuses the payload before verifying.
  test.each([
    ["status 'error'", (data: Record<string, unknown>) => ({ ...data, status: 'error' })],
    ["a version that is not a number ('2')", (data: Record<string, unknown>) => ({ ...data, version: '2' })],
  ])('error: %s is valid for official 2.0.3, refused by ours as malformed_payload', async (_, shape) => {
    const { data } = await signIn(MiniKit, os, true)
    const results = await verifyAll(shape(data))
    expect(results).toStrictEqual({
      theirs: { isValid: true },
      ours: { refused: 'malformed_payload' },
      ourObject: { refused: 'malformed_payload' },
    })
  })
})
