// Differential tests of the ./wagmi connector against official 2.0.3's, each
// in a real wagmi config (createConfig, no network) on iOS and Android fake
// hosts: the same wagmi actions, comparing what each posts on the wire and
// what wagmi ends up with.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { CreateConnectorFn } from 'wagmi'
import { connect, disconnect, getConnection, reconnect, signMessage } from 'wagmi/actions'
import { createFakeHost, resetAll } from '../../../test/fakeHost.js'
import { importOfficial203, official203Commands } from '../../../test/official203.js'
import { stubNode, wagmiConfig } from '../../../test/wagmi.js'
import { MiniKit } from '../../facade.js'
import { worldApp } from './worldAppConnector.js'

type Os = 'ios' | 'android'
// biome-ignore lint/suspicious/noExplicitAny: both SDKs are driven through the official's untyped call sites.
type AnyKit = any

// biome-ignore lint/suspicious/noExplicitAny: the official modules are compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official modules are compared at runtime.
let officialWagmi: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official modules are compared at runtime.
let officialCommands: Record<string, any>
let supported: Array<{ name: string; supported_versions: number[] }>

beforeAll(async () => {
  official = await importOfficial203()
  officialWagmi = await importOfficial203('wagmi')
  officialCommands = await importOfficial203('commands')
  supported = await official203Commands()
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  freshPage()
  resetAll()
})

/** A page with no provider, no signed-in address and no official fallback registry (all kept on globals). */
function freshPage() {
  const page = window as unknown as Record<string, unknown>
  delete page.__worldapp_eip1193_provider__
  delete page.__worldapp_eip1193_address__
  const global = globalThis as Record<string, unknown>
  delete global.__minikit_fallback_adapter__
  delete global.__minikit_wagmi_config__
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const normalize = (raw: unknown[]) => JSON.parse(JSON.stringify(raw).replace(/\b[0-9a-f]{32}\b/g, 'NONCE'))

const lower = '0x2cfc85d8e48f8eab294be644d9e25c3030863003'
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const signature = `0x${'ab'.repeat(65)}`

/** Install `kit` on a fresh host, build a wagmi config with `connector` first, and run `act` on it. */
async function run(
  kit: AnyKit,
  connector: CreateConnectorFn,
  { os, walletAddress }: { os: Os; walletAddress?: string },
  act: (config: ReturnType<typeof wagmiConfig>) => Promise<unknown>,
) {
  resetAll()
  freshPage()
  stubNode()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const host = createFakeHost({
    os,
    supported,
    respond: {
      'wallet-auth': () => ({ status: 'success', message: 'signed text', signature, address: lower, version: 2 }),
      'sign-message': () => ({ status: 'success', signature, address: ADDRESS, version: 1 }),
    },
  })
  if (walletAddress) (window as unknown as { WorldApp: Record<string, unknown> }).WorldApp.wallet_address = walletAddress
  if (kit === official.MiniKit) for (const { name } of supported) officialCommands.setCommandAvailable(name, false)
  kit.install('app_test')
  await flush()
  host.raw.length = 0
  const config = wagmiConfig([connector])
  let result: unknown
  try {
    result = { value: await act(config) }
  } catch (error) {
    result = { code: (error as { code?: unknown }).code }
  }
  const raw = host.raw.filter((message) => !JSON.stringify(message).includes('get-permissions'))
  return { result, raw: normalize(raw) }
}

async function both(
  options: { os: Os; walletAddress?: string },
  act: (config: ReturnType<typeof wagmiConfig>) => Promise<unknown>,
) {
  const theirs = await run(official.MiniKit, officialWagmi.worldApp(), options, act)
  const ours = await run(MiniKit, worldApp(), options, act)
  return { theirs, ours }
}

const summary = (config: ReturnType<typeof wagmiConfig>) => {
  const { address, chainId, status, connector } = getConnection(config)
  return { address, chainId, status, connector: connector?.id }
}

describe.each(['ios', 'android'] as const)('official 2.0.3 worldApp() in a wagmi config (%s host)', (os) => {
  test('default: connect signs in once through World App; wagmi is connected on World Chain; signMessage signs there', async () => {
    const { theirs, ours } = await both({ os }, async (config) => {
      const connector = config.connectors[0]
      if (!connector) throw new Error('no connector')
      const connected = await connect(config, { connector })
      const signed = await signMessage(config, { message: 'hello' })
      return { connected, connection: summary(config), signed, authorized: await connector.isAuthorized() }
    })
    expect(theirs.result).toStrictEqual({
      value: {
        connected: { accounts: [ADDRESS], chainId: 480 },
        connection: { address: ADDRESS, chainId: 480, status: 'connected', connector: 'worldApp' },
        signed: signature,
        authorized: true,
      },
    })
    expect(theirs.raw).toHaveLength(2)
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: disconnect forgets the wallet; the next getAccounts signs in again', async () => {
    const { theirs, ours } = await both({ os }, async (config) => {
      const connector = config.connectors[0]
      if (!connector) throw new Error('no connector')
      await connect(config, { connector })
      await disconnect(config)
      const authorized = await connector.isAuthorized()
      return { authorized, accounts: await connector.getAccounts(), connection: summary(config) }
    })
    expect(theirs.result).toMatchObject({ value: { authorized: false, accounts: [ADDRESS] } })
    expect(theirs.raw).toHaveLength(2)
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: the wallet World App names at launch reconnects without a sign-in', async () => {
    const { theirs, ours } = await both({ os, walletAddress: lower }, async (config) => {
      await reconnect(config)
      return summary(config)
    })
    expect(theirs.result).toStrictEqual({
      value: { address: ADDRESS, chainId: 480, status: 'connected', connector: 'worldApp' },
    })
    expect(theirs.raw).toStrictEqual([])
    expect(ours).toStrictEqual(theirs)
  })

  test('behavior: switching to World Chain answers the configured chain; another chain is refused with the same message (ours also carries code 4902, listed)', async () => {
    const { theirs, ours } = await both({ os }, async (config) => {
      const connector = config.connectors[0]
      if (!connector?.switchChain) throw new Error('no switchChain')
      const chain = await connector.switchChain({ chainId: 480 })
      const refused = await connector.switchChain({ chainId: 1 }).catch((error: Error) => error.message)
      return { chain: chain.id, refused }
    })
    expect(theirs.result).toStrictEqual({
      value: { chain: 480, refused: 'World App only supports World Chain (chainId: 480)' },
    })
    expect(ours).toStrictEqual(theirs)
  })
})
