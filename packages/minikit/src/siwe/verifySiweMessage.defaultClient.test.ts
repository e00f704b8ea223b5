import { createPublicClient, custom, encodeFunctionResult, http, keccak256, parseAbi, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createSiweMessage } from './createSiweMessage.js'
import { verifySiweMessage } from './verifySiweMessage.js'

// The default client would reach viem's public World Chain RPC; swap its
// `http()` transport for a fake node so the test stays offline while still
// observing how (and whether) the default client gets built.
const fakeNode = vi.hoisted(() => ({ request: async (_: { method: string }): Promise<unknown> => undefined }))
vi.mock('viem', async (importOriginal) => {
  const actual = await importOriginal<typeof import('viem')>()
  return {
    ...actual,
    createPublicClient: vi.fn(actual.createPublicClient),
    http: vi.fn(() => actual.custom({ request: (args: { method: string }) => fakeNode.request(args) }, { retryCount: 0 })),
  }
})

const abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
const owner = privateKeyToAccount(keccak256(toHex('worldmap siwe test key')))
const safeAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nonce = 'a1b2c3d4e5f60718'
const now = new Date('2025-06-10T12:00:00.000Z')

async function payloadFor(address: string) {
  const message = createSiweMessage({
    scheme: 'https',
    domain: 'app.example',
    address,
    uri: 'https://app.example/',
    version: '1',
    chain_id: 480,
    nonce,
    issued_at: now.toISOString(),
  })
  return { status: 'success' as const, message, signature: await owner.signMessage({ message }), address }
}

afterEach(() => {
  vi.mocked(createPublicClient).mockClear()
  vi.mocked(http).mockClear()
})

describe('verifySiweMessage default client', () => {
  test('behavior: not created for an EOA signature', async () => {
    await expect(verifySiweMessage({ payload: await payloadFor(owner.address), nonce, now })).resolves.toMatchObject({
      isValid: true,
    })
    expect(createPublicClient).not.toHaveBeenCalled()
  })

  test('behavior: created lazily on World Chain over http() for ERC-1271', async () => {
    fakeNode.request = async ({ method }) => {
      if (method === 'eth_call') return encodeFunctionResult({ abi, functionName: 'isValidSignature', result: '0x1626ba7e' })
      throw new Error(`unexpected RPC ${method}`)
    }
    await expect(verifySiweMessage({ payload: await payloadFor(safeAddress), nonce, now })).resolves.toMatchObject({
      isValid: true,
    })
    expect(createPublicClient).toHaveBeenCalledTimes(1)
    expect(vi.mocked(createPublicClient).mock.calls[0]?.[0].chain?.id).toBe(480)
    expect(http).toHaveBeenCalledWith()
  })

  test('behavior: a given client wins over the default', async () => {
    const request = vi.fn(async () => encodeFunctionResult({ abi, functionName: 'isValidSignature', result: '0x1626ba7e' }))
    const client = createPublicClient({ transport: custom({ request }) })
    vi.mocked(createPublicClient).mockClear()
    await expect(verifySiweMessage({ payload: await payloadFor(safeAddress), nonce, now, client })).resolves.toMatchObject({
      isValid: true,
    })
    expect(createPublicClient).not.toHaveBeenCalled()
    expect(request).toHaveBeenCalledTimes(1)
  })
})
