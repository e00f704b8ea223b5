// @vitest-environment node
// Differential tests: getIsUserVerified against official 1.9.6's with the
// same wallet and the same scripted World Chain node on 127.0.0.1 (the
// official takes only an RPC URL), comparing the eth_call each sends and
// what each resolves.
import { createPublicClient, custom, encodeFunctionResult, parseAbi } from 'viem'
import { worldchain } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { type AddressBookNode, startAddressBookNode } from '../../test/addressBookNode.js'
import { importOfficial196 } from '../../test/official.js'
import { getIsUserVerified, WORLD_ID_ADDRESS_BOOK } from './getIsUserVerified.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
const abi = parseAbi(['function addressVerifiedUntil(address) view returns (uint256)'])
const wallet = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

let node: AddressBookNode

beforeAll(async () => {
  official = await importOfficial196()
  node = await startAddressBookNode()
})
afterAll(() => node.close())
beforeEach(() => {
  node.calls = []
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

/** Run both against the node; each side's result and eth_calls. */
const both = (address: string) => node.compare(official.getIsUserVerified, getIsUserVerified, address)

test('default: a wallet verified until tomorrow is verified, after the same eth_call as official 1.9.6', async () => {
  node.answer = { verifiedUntil: nowSeconds() + 86_400n }
  const { official: theirs, ours } = await both(wallet)
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toBe(true)
  expect(ours.calls).toMatchObject([{ to: WORLD_ID_ADDRESS_BOOK }])
})

test('behavior: a lapsed or never-verified wallet is not verified, as in official 1.9.6', async () => {
  for (const verifiedUntil of [0n, nowSeconds() - 60n]) {
    node.answer = { verifiedUntil }
    const { official: theirs, ours } = await both(wallet)
    expect(ours).toStrictEqual(theirs)
    expect(ours.result).toBe(false)
  }
})

test('behavior: a malformed address resolves false in both, and ours sends nothing', async () => {
  const { official: theirs, ours } = await both('0xnot-a-wallet')
  expect(ours.result).toBe(false)
  expect(theirs.result).toBe(false)
  expect(ours.calls).toStrictEqual([])
})

test('behavior: an RPC outage resolves false in both, logged', async () => {
  node.answer = { httpStatus: 503 }
  const { official: theirs, ours } = await both(wallet)
  expect(ours.result).toBe(false)
  expect(theirs.result).toBe(false)
  expect(console.error).toHaveBeenCalledWith('Error verifying user:', expect.any(Error))
}, 20_000)

test('parameters: a client and a clock can be injected', async () => {
  const request = vi.fn(async ({ method }: { method: string }) =>
    method === 'eth_call' ? encodeFunctionResult({ abi, functionName: 'addressVerifiedUntil', result: 2_000n }) : '0x1e0',
  )
  const client = createPublicClient({ chain: worldchain, transport: custom({ request }) })
  expect(await getIsUserVerified(wallet, undefined, { client, now: new Date(1_999_000) })).toBe(true)
  expect(await getIsUserVerified(wallet, undefined, { client, now: new Date(2_000_000) })).toBe(false)
})
