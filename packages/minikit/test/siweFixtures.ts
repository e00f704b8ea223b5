// What the SIWE differential tests share: a Safe-owner key, the fields of a
// well-formed World App sign-in message, and a fake World Chain whose Safe
// answers ERC-1271 `isValidSignature`. One place, so the 1.9.6 and 2.0.3
// comparisons sign and verify exactly the same things.
import {
  createPublicClient,
  custom,
  encodeFunctionResult,
  type Hex,
  keccak256,
  type PublicClient,
  parseAbi,
  type Transport,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { worldchain } from 'viem/chains'
import type { SiweMessage } from '../src/siwe/createSiweMessage.js'

/** The Safe's owner: it signs, the Safe (the fake chain) vouches. */
export const owner = privateKeyToAccount(keccak256(toHex('worldmap siwe test key')))
export const safeAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
export const nonce = 'a1b2c3d4e5f60718'
export const minute = 60_000
/** An ISO timestamp `offset` ms from now. */
export const at = (offset: number) => new Date(Date.now() + offset).toISOString()

/** A well-formed World App sign-in message's fields, with `overrides`. */
export function fields(overrides: Partial<SiweMessage> = {}): SiweMessage {
  return {
    scheme: 'https',
    domain: 'app.example',
    address: safeAddress,
    statement: 'Sign in to WorldMap.',
    uri: 'https://app.example/',
    version: '1',
    chain_id: 480,
    nonce,
    issued_at: at(-minute),
    expiration_time: at(7 * 24 * 60 * minute),
    not_before: at(-2 * minute),
    request_id: 'req-42',
    ...overrides,
  }
}

const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

/** A World Chain client whose Safe answers isValidSignature with `answer`; records every eth_call sent. */
export function chain(answer: Hex): { client: PublicClient<Transport, typeof worldchain>; calls: unknown[] } {
  const calls: unknown[] = []
  const client = createPublicClient({
    chain: worldchain,
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          if (method === 'eth_chainId') return '0x1e0'
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          calls.push((params as unknown[])[0])
          return encodeFunctionResult({ abi: erc1271, functionName: 'isValidSignature', result: answer })
        },
      },
      { retryCount: 0 },
    ),
  })
  return { client, calls }
}
