import { afterEach, describe, expect, test, vi } from 'vitest'
import { ProviderRpcError } from '../../errors/wallet/ProviderRpcError.js'
import { createWorldAppProvider, type ProviderCommands, toProviderError } from './provider.js'
import { clearProviderAddress, getProviderAddress, setProviderAddress, sharedProvider } from './providerState.js'

const LOWER = '0x2cfc85d8e48f8eab294be644d9e25c3030863003'
const ADDRESS = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const TO = '0x1111111111111111111111111111111111111111'
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

/** Commands that record their input and answer like World App does. */
function fakeCommands(overrides: Partial<ProviderCommands> = {}) {
  const calls: { command: string; input: unknown }[] = []
  const commands: ProviderCommands = {
    canAuthenticate: () => true,
    walletAuth: async (input) => {
      calls.push({ command: 'walletAuth', input })
      return { data: { address: LOWER } }
    },
    signMessage: async (input) => {
      calls.push({ command: 'signMessage', input })
      return { data: { signature: '0xsigned' } }
    },
    signTypedData: async (input) => {
      calls.push({ command: 'signTypedData', input })
      return { data: { signature: '0xtyped' } }
    },
    sendTransaction: async (input) => {
      calls.push({ command: 'sendTransaction', input })
      return { data: { userOpHash: '0xop' } }
    },
    ...overrides,
  }
  return { commands, calls }
}

const rejected = (code: string, name = 'SignMessageError') =>
  Object.assign(new Error(`failed: ${code}`), { name, error_code: code })

afterEach(() => {
  clearProviderAddress()
  delete (window as { __worldapp_eip1193_provider__?: unknown }).__worldapp_eip1193_provider__
})

const TYPED = {
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }], Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  domain: { chainId: 480 },
  message: { contents: 'hello' },
}

describe('accounts', () => {
  test('default: eth_requestAccounts signs in once, checksums the address and emits accountsChanged', async () => {
    const { commands, calls } = fakeCommands()
    const provider = createWorldAppProvider(commands)
    const changed = vi.fn()
    provider.on('accountsChanged', changed)
    expect(await provider.request({ method: 'eth_accounts' })).toStrictEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toStrictEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toStrictEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_accounts' })).toStrictEqual([ADDRESS])
    expect(calls).toHaveLength(1)
    const input = calls[0]?.input as { nonce: string; statement: string }
    expect(input.statement).toBe('Sign in with World App')
    expect(input.nonce).toMatch(/^[a-zA-Z0-9]{32}$/)
    expect(changed).toHaveBeenCalledExactlyOnceWith([ADDRESS])
    expect((window as unknown as Record<string, unknown>).__worldapp_eip1193_address__).toBe(ADDRESS)
  })

  test('behavior: concurrent eth_requestAccounts share one sign-in', async () => {
    let resolve: (value: { data: { address: string } }) => void = () => {}
    const walletAuth = vi.fn(() => new Promise<{ data: { address: string } }>((r) => (resolve = r)))
    const provider = createWorldAppProvider(fakeCommands({ walletAuth }).commands)
    const first = provider.request({ method: 'eth_requestAccounts' })
    const second = provider.request({ method: 'eth_requestAccounts' })
    resolve({ data: { address: ADDRESS } })
    expect(await Promise.all([first, second])).toStrictEqual([[ADDRESS], [ADDRESS]])
    expect(walletAuth).toHaveBeenCalledTimes(1)
  })

  test('behavior: after a failed sign-in the next request asks again', async () => {
    const walletAuth = vi
      .fn<ProviderCommands['walletAuth']>()
      .mockRejectedValueOnce(rejected('user_rejected', 'WalletAuthError'))
      .mockResolvedValueOnce({ data: { address: ADDRESS } })
    const provider = createWorldAppProvider(fakeCommands({ walletAuth }).commands)
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toStrictEqual([ADDRESS])
  })

  test('behavior: removeListener stops notifications, and a throwing listener does not fail the sign-in', async () => {
    const provider = createWorldAppProvider(fakeCommands().commands)
    const removed = vi.fn()
    const thrown = new Error('listener bug')
    const uncaught = new Promise((resolve) => {
      const original = globalThis.queueMicrotask
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) =>
        original(() => {
          try {
            callback()
          } catch (error) {
            resolve(error)
          }
        }),
      )
    })
    provider.on('accountsChanged', removed)
    provider.removeListener('accountsChanged', removed)
    provider.on('accountsChanged', () => {
      throw thrown
    })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toStrictEqual([ADDRESS])
    expect(removed).not.toHaveBeenCalled()
    expect(await uncaught).toBe(thrown)
    provider.removeListener('chainChanged', removed)
  })

  test('error: outside World App (or not installed) eth_requestAccounts is 4900 and asks nothing', async () => {
    const { commands, calls } = fakeCommands({ canAuthenticate: () => false })
    const error = await createWorldAppProvider(commands)
      .request({ method: 'eth_requestAccounts' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4900, message: 'World App provider only works inside World App and must be installed' })
    expect(calls).toHaveLength(0)
  })

  test('behavior: a sign-in that answers an odd address keeps it as given', async () => {
    const provider = createWorldAppProvider(fakeCommands({ walletAuth: async () => ({ data: { address: 'not-hex' } }) }).commands)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toStrictEqual(['not-hex'])
  })
})

describe('chain', () => {
  test('default: eth_chainId is World Chain, switching to it is null', async () => {
    const provider = createWorldAppProvider(fakeCommands().commands)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1e0')
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1e0' }] })).toBeNull()
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 480 }] })).toBeNull()
  })

  test('error: another chain is 4902, adding a chain 4200, a bad chainId -32602', async () => {
    const provider = createWorldAppProvider(fakeCommands().commands)
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
      code: 4902,
      message: 'World App only supports World Chain (480)',
    })
    await expect(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{}] })).rejects.toMatchObject({
      code: -32602,
      message: 'wallet_switchEthereumChain expects params [{ chainId }]',
    })
  })
})

describe('signing', () => {
  test.each([
    ['personal_sign', [hex('hello world'), ADDRESS], 'hello world'],
    ['personal_sign', [ADDRESS, hex('swapped order')], 'swapped order'],
    ['personal_sign', ['plain text', ADDRESS], 'plain text'],
    ['personal_sign', 'only a message', 'only a message'],
    ['eth_sign', [ADDRESS, hex('héllo ✓')], 'héllo ✓'],
    ['eth_sign', ['just text'], 'just text'],
  ])('default: %s %j signs the text %j', async (method, params, text) => {
    const { commands, calls } = fakeCommands()
    expect(await createWorldAppProvider(commands).request({ method, params })).toBe('0xsigned')
    expect(calls).toStrictEqual([{ command: 'signMessage', input: { message: text } }])
  })

  test.each([
    ['eth_signTypedData_v4', [ADDRESS, JSON.stringify(TYPED)]],
    ['eth_signTypedData_v3', [ADDRESS, TYPED]],
    ['eth_signTypedData', [TYPED]],
  ])('default: %s passes types, primaryType, domain, message and the domain chainId', async (method, params) => {
    const { commands, calls } = fakeCommands()
    expect(await createWorldAppProvider(commands).request({ method, params })).toBe('0xtyped')
    expect(calls).toStrictEqual([{ command: 'signTypedData', input: { ...TYPED, chainId: 480 } }])
  })

  test('behavior: typed data without a domain takes a top-level chainId (a hex string too), or none', async () => {
    const { commands, calls } = fakeCommands()
    const provider = createWorldAppProvider(commands)
    const { domain: _, ...bare } = TYPED
    await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, { ...bare, chainId: '0x1e0' }] })
    await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, bare] })
    expect(calls.map((c) => c.input)).toStrictEqual([{ ...bare, chainId: 480 }, bare])
  })

  test.each([
    ['personal_sign', [], 'personal_sign expects params [message, address] with the message as a string'],
    ['personal_sign', [42], 'personal_sign expects params [message, address] with the message as a string'],
    ['personal_sign', ['0xabc'], 'personal_sign: the message "0xabc" is hex of odd length'],
    ['personal_sign', ['0xff'], "personal_sign: World App signs text, and the message's bytes are not UTF-8 text"],
    ['eth_sign', [ADDRESS], 'eth_sign expects params [address, message] with the message as a string'],
    ['eth_signTypedData_v4', [ADDRESS, '{not json'], 'eth_signTypedData_v4: the typed data is not valid JSON'],
    [
      'eth_signTypedData_v4',
      [ADDRESS, { types: {}, message: {} }],
      'eth_signTypedData_v4 expects params [address, typedData] with typedData { types, primaryType, domain, message }',
    ],
  ])('error: %s %j is -32602 "%s", and nothing is asked', async (method, params, message) => {
    const { commands, calls } = fakeCommands()
    const error = await createWorldAppProvider(commands)
      .request({ method, params })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: -32602, message })
    expect(calls).toHaveLength(0)
  })

  test('error: a rejection in World App is 4001, another failure -32603, each with its cause', async () => {
    const reply = rejected('user_rejected')
    const provider = createWorldAppProvider(
      fakeCommands({
        signMessage: async () => Promise.reject(reply),
        signTypedData: async () => Promise.reject(rejected('malicious_operation', 'SignTypedDataError')),
      }).commands,
    )
    const error = await provider.request({ method: 'personal_sign', params: [hex('hi'), ADDRESS] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001, message: 'Sign message failed: failed: user_rejected', cause: reply })
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] })).rejects.toMatchObject({
      code: -32603,
      message: 'Sign typed data failed: failed: malicious_operation',
    })
  })
})

describe('eth_sendTransaction', () => {
  test('default: sends one World Chain call and answers the userOpHash', async () => {
    const { commands, calls } = fakeCommands()
    const provider = createWorldAppProvider(commands)
    const params = [{ from: ADDRESS, to: TO, data: '0xa9059cbb', value: '0x10', chainId: '0x1e0' }]
    expect(await provider.request({ method: 'eth_sendTransaction', params })).toBe('0xop')
    expect(calls).toStrictEqual([
      { command: 'sendTransaction', input: { chainId: 480, transactions: [{ to: TO, data: '0xa9059cbb', value: '0x10' }] } },
    ])
  })

  test('behavior: a plain transfer sends no calldata; a number or bigint value becomes hex', async () => {
    const { commands, calls } = fakeCommands()
    const provider = createWorldAppProvider(commands)
    await provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, data: '0x', value: 255 }] })
    await provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, value: 10n ** 18n }] })
    await provider.request({ method: 'eth_sendTransaction', params: { to: TO } })
    expect(calls.map((c) => (c.input as { transactions: unknown[] }).transactions[0])).toStrictEqual([
      { to: TO, value: '0xff' },
      { to: TO, value: '0xde0b6b3a7640000' },
      { to: TO },
    ])
  })

  test.each([
    [[{ to: 'nobody' }], 'eth_sendTransaction: "to" must be a 20-byte 0x address'],
    [[{ to: TO, data: 'calldata' }], 'eth_sendTransaction: "data" must be 0x hex'],
    [[{ to: TO, value: -1 }], 'eth_sendTransaction: the value -1 is not a quantity'],
    [[], 'eth_sendTransaction expects params [{ to, data, value }]'],
  ])('error: %j is -32602 "%s"', async (params, message) => {
    const { commands, calls } = fakeCommands()
    await expect(createWorldAppProvider(commands).request({ method: 'eth_sendTransaction', params })).rejects.toMatchObject({
      code: -32602,
      message,
    })
    expect(calls).toHaveLength(0)
  })

  test('error: another chain is 4902; a failure in World App keeps its cause', async () => {
    const failure = Object.assign(new Error('simulation failed'), {
      name: 'SendTransactionError',
      error_code: 'simulation_failed',
    })
    const { commands, calls } = fakeCommands({ sendTransaction: () => Promise.reject(failure) })
    const provider = createWorldAppProvider(commands)
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, chainId: 1 }] })).rejects.toMatchObject({
      code: 4902,
    })
    expect(calls).toHaveLength(0)
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: TO }] })).rejects.toMatchObject({
      code: -32603,
      message: 'Send transaction failed: simulation failed',
      cause: failure,
    })
  })
})

describe('errors', () => {
  test('behavior: each SDK failure maps to the EIP-1193 code of its cause', () => {
    const unavailable = (reason?: string) => Object.assign(new Error('x'), { name: 'CommandUnavailableError', reason })
    expect(toProviderError('f', unavailable('notInWorldApp')).code).toBe(4900)
    expect(toProviderError('f', unavailable()).code).toBe(4900)
    expect(toProviderError('f', unavailable('oldAppVersion')).code).toBe(4200)
    expect(toProviderError('f', Object.assign(new Error('x'), { name: 'HostUnavailableError' })).code).toBe(4900)
    expect(toProviderError('f', Object.assign(new Error('x'), { name: 'InvalidPayloadError' })).code).toBe(-32602)
    expect(toProviderError('f', { code: 'user_rejected', message: 'no' })).toMatchObject({ code: 4001, message: 'f: no' })
    expect(toProviderError('f', Object.assign(new Error('long text'), { shortMessage: 'short' })).message).toBe('f: short')
    expect(toProviderError('f', 'plain')).toMatchObject({ code: -32603, message: 'f: plain' })
    const same = new ProviderRpcError(4001, 'kept')
    expect(toProviderError('f', same)).toBe(same)
  })

  test('error: an unknown method is 4200, a malformed request -32602', async () => {
    const provider = createWorldAppProvider(fakeCommands().commands)
    await expect(provider.request({ method: 'eth_getBalance', params: [ADDRESS] })).rejects.toMatchObject({
      code: 4200,
      message: 'Unsupported method: eth_getBalance',
    })
    await expect(provider.request(null as never)).rejects.toMatchObject({ code: -32602 })
  })
})

describe('state', () => {
  test('default: one provider and one address per window, as the official keeps them', () => {
    const create = vi.fn(() => createWorldAppProvider(fakeCommands().commands))
    const provider = sharedProvider(create)
    expect(sharedProvider(create)).toBe(provider)
    expect(create).toHaveBeenCalledTimes(1)
    expect((window as unknown as Record<string, unknown>).__worldapp_eip1193_provider__).toBe(provider)
    setProviderAddress(LOWER)
    expect(getProviderAddress()).toBe(ADDRESS)
    clearProviderAddress()
    expect(getProviderAddress()).toBeUndefined()
  })
})
