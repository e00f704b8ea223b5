import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getConnection } from 'wagmi/actions'
import { resetAll } from '../../../test/fakeHost.js'
import { type FakeNode, stubNode, wagmiConfig, walletAccount } from '../../../test/wagmi.js'
import { InvalidPayloadError } from '../../errors/InvalidPayloadError.js'
import { PartialExecutionError } from '../../errors/wallet/PartialExecutionError.js'
import { WagmiFallbackError } from '../../errors/wallet/WagmiFallbackError.js'
import { parseSiweMessage } from '../../siwe/parseSiweMessage.js'
import { getFallbackAdapter, setFallbackAdapter } from '../fallbackAdapter.js'
import { sendTransaction } from '../sendTransaction.js'
import { signMessage } from '../signMessage.js'
import { signTypedData } from '../signTypedData.js'
import { walletAuth } from '../walletAuth.js'
import { createWagmiFallback, registerWagmiFallback, setWagmiActionsLoader } from './wagmiFallback.js'

const TO = '0x1111111111111111111111111111111111111111'
const TYPED = {
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail' as const,
  domain: { name: 'WorldMap', chainId: 1 },
  message: { contents: 'hello' },
}

let node: FakeNode
beforeEach(() => {
  node = stubNode()
})
afterEach(() => {
  resetAll()
  setFallbackAdapter(undefined)
  setWagmiActionsLoader(undefined)
  vi.unstubAllGlobals()
})

/** A stand-in for the World App connector (only its id matters to the fallback). */
const worldAppLike = () => () =>
  ({
    id: 'worldApp',
    name: 'World App',
    type: 'worldApp',
    connect: async () => ({ accounts: [TO], chainId: 480 }),
    disconnect: async () => {},
    getAccounts: async () => [TO],
    getChainId: async () => 480,
    getProvider: async () => ({}),
    isAuthorized: async () => false,
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }) as never

describe('registerWagmiFallback', () => {
  test('default: registers all four wallet methods', () => {
    registerWagmiFallback(wagmiConfig())
    const adapter = getFallbackAdapter()
    expect(Object.keys(adapter ?? {}).sort()).toStrictEqual(['sendTransaction', 'signMessage', 'signTypedData', 'walletAuth'])
  })

  test('default: outside World App the 2.x walletAuth signs in through the web wallet, executedWith wagmi', async () => {
    registerWagmiFallback(wagmiConfig())
    const result = await walletAuth({ nonce: 'a1b2c3d4e5f6', statement: 'Sign in to WorldMap' })
    expect(result.executedWith).toBe('wagmi')
    expect(result.data).toMatchObject({ address: walletAccount.address })
    const { address, message, signature } = result.data as { address: Hex; message: string; signature: Hex }
    expect(parseSiweMessage(message)).toMatchObject({ address, nonce: 'a1b2c3d4e5f6', statement: 'Sign in to WorldMap' })
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})

describe('the 2.x commands outside World App', () => {
  test('default: signMessage, signTypedData and sendTransaction run through the web wallet, executedWith wagmi', async () => {
    registerWagmiFallback(wagmiConfig())
    const message = await signMessage({ message: 'hello' })
    expect(message).toMatchObject({ executedWith: 'wagmi', data: { status: 'success', address: walletAccount.address } })
    const typed = await signTypedData({ ...TYPED, chainId: 1 })
    expect(typed.executedWith).toBe('wagmi')
    expect(
      await verifyTypedData({
        address: walletAccount.address,
        ...TYPED,
        signature: (typed.data as { signature: Hex }).signature,
      }),
    ).toBe(true)
    const sent = await sendTransaction({ chainId: 480, transactions: [{ to: TO, data: '0xa9059cbb', value: '0x1' }] })
    expect(sent).toMatchObject({ executedWith: 'wagmi', data: { userOpHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) } })
    expect(node.calls.filter((c) => c.method === 'eth_sendTransaction')).toHaveLength(1)
  })
})

describe('walletAuth', () => {
  test('default: connects the first web wallet (never World App outside it) and signs a SIWE message for this page', async () => {
    const config = wagmiConfig([worldAppLike()])
    const now = Date.now()
    const data = await createWagmiFallback(config).walletAuth({
      nonce: 'a1b2c3d4e5f6',
      statement: 'Sign in to WorldMap',
      requestId: 'req1',
      expirationTime: new Date(now + 60_000),
      notBefore: new Date(now - 1000),
    })
    expect(data.address).toBe(walletAccount.address)
    expect(getConnection(config).connector?.id).toBe('mock')
    const message = parseSiweMessage(data.message)
    expect(message).toMatchObject({
      domain: window.location.host,
      address: walletAccount.address,
      statement: 'Sign in to WorldMap',
      uri: window.location.origin,
      version: '1',
      chain_id: 480,
      nonce: 'a1b2c3d4e5f6',
      request_id: 'req1',
      expiration_time: new Date(now + 60_000).toISOString(),
      not_before: new Date(now - 1000).toISOString(),
    })
    expect(await verifyMessage({ address: walletAccount.address, message: data.message, signature: data.signature as Hex })).toBe(
      true,
    )
  })

  test('behavior: an existing web connection is reused, not connected again', async () => {
    const config = wagmiConfig()
    const fallback = createWagmiFallback(config)
    await fallback.signMessage({ message: 'first' })
    const connects = vi.spyOn(config.connectors[0] as { connect: () => unknown }, 'connect')
    const data = await fallback.walletAuth({ nonce: 'a1b2c3d4e5f6' })
    expect(connects).not.toHaveBeenCalled()
    expect(parseSiweMessage(data.message).statement).toBeUndefined()
  })

  test('error: a nonce that is not 8+ letters and digits is InvalidPayloadError, before any wallet opens', async () => {
    const error = await createWagmiFallback(wagmiConfig())
      .walletAuth({ nonce: 'not-alnum!' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ shortMessage: "'nonce' must be alphanumeric and at least 8 characters (EIP-4361)" })
    expect(node.calls).toHaveLength(0)
  })

  test('error: a config with only the World App connector names the fix', async () => {
    const error = await createWagmiFallback(wagmiConfigWithout())
      .walletAuth({ nonce: 'a1b2c3d4e5f6' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WagmiFallbackError)
    expect(error).toMatchObject({
      reason: 'noConnector',
      shortMessage: 'The wagmi config has no web connector: add one (injected, walletConnect …) after worldApp()',
    })
  })

  test('error: a wallet that refuses to connect is WagmiFallbackError connectFailed with the wallet error as cause', async () => {
    const error = await createWagmiFallback(wagmiConfig([], { connectError: true }))
      .walletAuth({ nonce: 'a1b2c3d4e5f6' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'WagmiFallbackError', reason: 'connectFailed' })
    expect((error as Error).cause).toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('error: without wagmi installed, WagmiFallbackError wagmiNotInstalled', async () => {
    setWagmiActionsLoader(() => Promise.reject(new Error("Cannot find package 'wagmi'")))
    const error = await createWagmiFallback(wagmiConfig())
      .signMessage({ message: 'x' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'WagmiFallbackError',
      reason: 'wagmiNotInstalled',
      shortMessage: 'The web fallback needs the "wagmi" package: install wagmi, or pass a fallback to the command',
    })
  })
})

/** A config whose only connector is the World App one (the page is outside World App). */
function wagmiConfigWithout() {
  const config = wagmiConfig([worldAppLike()])
  return { ...config, connectors: config.connectors.filter((c) => c.id === 'worldApp') } as unknown as typeof config
}

describe('signMessage and signTypedData', () => {
  test('default: signs with the web wallet in the World App reply shape', async () => {
    const data = await createWagmiFallback(wagmiConfig()).signMessage({ message: 'hello world' })
    expect(data).toMatchObject({ status: 'success', version: 1, address: walletAccount.address })
    expect(
      await verifyMessage({ address: walletAccount.address, message: 'hello world', signature: data.signature as Hex }),
    ).toBe(true)
  })

  test('behavior: signTypedData switches the wallet to the typed data chain first', async () => {
    const config = wagmiConfig()
    const data = await createWagmiFallback(config).signTypedData({ ...TYPED, chainId: 1 })
    expect(config.state.chainId).toBe(1)
    expect(await verifyTypedData({ address: walletAccount.address, ...TYPED, signature: data.signature as Hex })).toBe(true)
  })

  test('error: a refused signature rejects with the wallet error', async () => {
    await expect(
      createWagmiFallback(wagmiConfig([], { signMessageError: true })).signMessage({ message: 'x' }),
    ).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
  })
})

describe('sendTransaction', () => {
  const sent = () => node.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => c.params[0])

  test('default: sends each call in order on World Chain and answers the last hash', async () => {
    const result = await createWagmiFallback(wagmiConfig()).sendTransaction({
      chainId: 480,
      transactions: [
        { to: TO, data: '0xa9059cbb', value: '0x10' },
        { to: TO, value: '1000', data: '0x' },
      ],
    })
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(sent()).toMatchObject([
      { from: walletAccount.address, to: TO, data: '0xa9059cbb', value: '0x10' },
      { to: TO, value: '0x3e8' },
    ])
    expect(sent()[1]).not.toHaveProperty('data')
  })

  test('behavior: a wallet on another chain is switched to the target first', async () => {
    const config = wagmiConfig()
    const fallback = createWagmiFallback(config)
    await fallback.signTypedData({ ...TYPED, chainId: 1 })
    await fallback.sendTransaction({ chainId: 480, transactions: [{ to: TO }] })
    expect(config.state.chainId).toBe(480)
    expect(sent()).toHaveLength(1)
  })

  test('error: a failure after a sent call is PartialExecutionError with the sent hashes', async () => {
    node.failSend.add(1)
    const error = await createWagmiFallback(wagmiConfig())
      .sendTransaction({ chainId: 480, transactions: [{ to: TO }, { to: TO }, { to: TO }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PartialExecutionError)
    expect(error).toMatchObject({
      shortMessage: 'Transaction 2/3 failed after 1 transaction(s) were already sent; check them before retrying',
      submitted: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
    })
    expect(sent()).toHaveLength(2)
  })

  test('error: a failure of the first call rejects with the wallet error itself', async () => {
    node.failSend.add(0)
    const error = await createWagmiFallback(wagmiConfig())
      .sendTransaction({ chainId: 480, transactions: [{ to: TO }, { to: TO }] })
      .catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(PartialExecutionError)
    expect(String((error as Error).message)).toContain('insufficient funds')
  })

  test.each([
    [[], 'At least one transaction is required'],
    [[{ to: 'nobody' }], 'Transaction 1: "to" must be a 20-byte 0x address'],
    [[{ to: TO }, { to: TO, data: 'zz' }], 'Transaction 2: "data" must be 0x hex'],
    [[{ to: TO, value: 'ten' }], 'Transaction 1: "value" must be a decimal or 0x number'],
    [[{ to: TO, value: '-1' }], 'Transaction 1: "value" cannot be negative'],
  ])('error: %j is InvalidPayloadError "%s" and nothing is sent', async (transactions, shortMessage) => {
    const error = await createWagmiFallback(wagmiConfig())
      .sendTransaction({ chainId: 480, transactions })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ shortMessage, command: 'send-transaction' })
    expect(node.calls).toHaveLength(0)
  })
})
