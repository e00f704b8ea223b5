// The ./wagmi connector in a real wagmi config (createConfig, World Chain,
// a custom transport, no network), inside World App (a fake host) and outside.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { connect, disconnect, getAccount, getConnectorClient, reconnect, signMessage, switchChain } from 'wagmi/actions'
import { createFakeHost, resetAll } from '../../../test/fakeHost.js'
import { stubNode, wagmiConfig } from '../../../test/wagmi.js'
import { ProviderRpcError } from '../../errors/wallet/ProviderRpcError.js'
import { install } from '../../install.js'
import { state } from '../../state.js'
import { getFallbackAdapter } from '../fallbackAdapter.js'
import { getWorldAppProvider } from './getWorldAppProvider.js'
import { worldApp } from './worldAppConnector.js'

const lower = '0x2cfc85d8e48f8eab294be644d9e25c3030863003'
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const signature = `0x${'ab'.repeat(65)}`
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function freshPage() {
  const page = window as unknown as Record<string, unknown>
  delete page.__worldapp_eip1193_provider__
  delete page.__worldapp_eip1193_address__
}

/** A World App host that signs in and signs, with MiniKit installed. */
async function inWorldApp() {
  const host = createFakeHost({
    respond: {
      'wallet-auth': () => ({ status: 'success', message: 'signed text', signature, address: lower, version: 2 }),
      'sign-message': () => ({ status: 'success', signature, address: ADDRESS, version: 1 }),
    },
  })
  install('app_test')
  await flush()
  return host
}

beforeEach(() => {
  stubNode()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  freshPage()
  resetAll()
  vi.unstubAllGlobals()
})

describe('worldApp', () => {
  test('default: the official shape (id, name, type) and a custom name', () => {
    const config = wagmiConfig([worldApp(), worldApp({ name: 'World' })])
    expect(config.connectors.map(({ id, name, type }) => ({ id, name, type }))).toStrictEqual([
      { id: 'worldApp', name: 'World App', type: 'worldApp' },
      { id: 'worldApp', name: 'World', type: 'worldApp' },
      { id: 'mock', name: 'Mock Connector', type: 'mock' },
    ])
  })

  test('default: inside World App, wagmi connect signs in through World App and signs with it', async () => {
    const host = await inWorldApp()
    const config = wagmiConfig([worldApp()])
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    const result = await connect(config, { connector })
    expect(result).toStrictEqual({ accounts: [ADDRESS], chainId: 480 })
    expect(getAccount(config)).toMatchObject({ address: ADDRESS, chainId: 480, status: 'connected' })
    expect(await connector.isAuthorized()).toBe(true)
    expect(await connector.getAccounts()).toStrictEqual([ADDRESS])
    expect(await connector.getProvider()).toBe(getWorldAppProvider())
    expect(await signMessage(config, { message: 'hello' })).toBe(signature)
    expect(host.messages.map((m) => m.command)).toContain('sign-message')
    await disconnect(config)
    expect(await connector.isAuthorized()).toBe(false)
  })

  test('behavior: a wallet World App named at launch reconnects without a sign-in sheet', async () => {
    const host = await inWorldApp()
    state.user = { ...state.user, walletAddress: ADDRESS }
    const config = wagmiConfig([worldApp()])
    await reconnect(config)
    expect(getAccount(config)).toMatchObject({ address: ADDRESS, status: 'connected', connector: { id: 'worldApp' } })
    expect(host.messages.map((m) => m.command)).not.toContain('wallet-auth')
  })

  test('behavior: inside World App getAccounts signs in when nobody did; a declined sign-in is no accounts', async () => {
    createFakeHost({ respond: { 'wallet-auth': () => ({ status: 'error', error_code: 'user_rejected', version: 2 }) } })
    install('app_test')
    await flush()
    const connector = wagmiConfig([worldApp()]).connectors[0]
    expect(await connector?.getAccounts()).toStrictEqual([])
    expect(await connector?.getChainId()).toBe(480)
  })

  test('behavior: outside World App it has no accounts, is not authorized and its connect is refused with 4900', async () => {
    const config = wagmiConfig([worldApp()])
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    expect(await connector.getAccounts()).toStrictEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    const error = await connect(config, { connector }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4900 })
    // The connector registers no web fallback on its own (registerWagmiFallback does).
    expect(getFallbackAdapter()).toBeUndefined()
  })

  test('error: switching to another chain is refused with 4902; World Chain is the configured chain', async () => {
    await inWorldApp()
    const config = wagmiConfig([worldApp()])
    const connector = config.connectors[0]
    if (!connector?.switchChain) throw new Error('no switchChain')
    expect((await connector.switchChain({ chainId: 480 })).id).toBe(480)
    await connect(config, { connector })
    await expect(switchChain(config, { chainId: 1 })).rejects.toMatchObject({
      code: 4902,
      message: 'World App only supports World Chain (chainId: 480)',
    })
    const client = await getConnectorClient(config)
    expect(client.chain.id).toBe(480)
  })
})
