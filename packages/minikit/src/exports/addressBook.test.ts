// @vitest-environment node
// Differential tests: `@worldmap/minikit/address-book` against official
// 2.0.3's `./address-book`, the same wallet and the same scripted World Chain
// node on 127.0.0.1 (the official takes only an RPC URL), comparing the
// eth_call each sends and what each resolves.
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { type AddressBookNode, startAddressBookNode } from '../../test/addressBookNode.js'
import { importOfficial203 } from '../../test/official203.js'
import * as addressBook from './addressBook.js'
import * as root from './index.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
const wallet = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

let node: AddressBookNode

beforeAll(async () => {
  official = await importOfficial203('address-book')
  node = await startAddressBookNode()
})
afterAll(() => node.close())
beforeEach(() => {
  node.calls = []
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

/** Run both against the node; each side's result and eth_calls. */
const both = (address: string) => node.compare(official.getIsUserVerified, addressBook.getIsUserVerified, address)

test('default: the subpath has the official 2.0.3 runtime names', () => {
  const missing = Object.keys(official).filter((name) => !(name in addressBook))
  expect(missing).toStrictEqual([])
})

test('default: it is the one implementation, and only here: the root (official 1.x has it there) reaches no viem', async () => {
  const direct = await import('../utils/getIsUserVerified.js')
  expect(addressBook.getIsUserVerified).toBe(direct.getIsUserVerified)
  expect('getIsUserVerified' in root).toBe(false)
})

test('behavior: a wallet verified until tomorrow is verified, after the same eth_call as official 2.0.3', async () => {
  node.answer = { verifiedUntil: nowSeconds() + 86_400n }
  const { official: theirs, ours } = await both(wallet)
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toBe(true)
  expect(ours.calls).toMatchObject([{ to: addressBook.WORLD_ID_ADDRESS_BOOK }])
})

test('behavior: a lapsed or never-verified wallet is not verified, as in official 2.0.3', async () => {
  for (const verifiedUntil of [0n, nowSeconds() - 60n]) {
    node.answer = { verifiedUntil }
    const { official: theirs, ours } = await both(wallet)
    expect(ours).toStrictEqual(theirs)
    expect(ours.result).toBe(false)
  }
})

test('behavior: an expiry beyond 2^53 seconds is still in the future for both', async () => {
  node.answer = { verifiedUntil: 2n ** 60n }
  const { official: theirs, ours } = await both(wallet)
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toBe(true)
})

test('error: a malformed address resolves false in both, and neither sends anything', async () => {
  const { official: theirs, ours } = await both('0xnot-a-wallet')
  expect(ours.result).toBe(false)
  expect(theirs.result).toBe(false)
  expect({ theirs: theirs.calls, ours: ours.calls }).toStrictEqual({ theirs: [], ours: [] })
})

test('error: an RPC outage resolves false in both, logged the same way', async () => {
  node.answer = { httpStatus: 503 }
  const { official: theirs, ours } = await both(wallet)
  expect(ours.result).toBe(false)
  expect(theirs.result).toBe(false)
  expect(console.error).toHaveBeenCalledWith('Error verifying user:', expect.any(Error))
}, 20_000)

test.each([
  ['in lower case', wallet.toLowerCase()],
  ['in upper case after 0x', `0x${wallet.slice(2).toUpperCase()}`],
  ['with a wrong checksum (one letter flipped)', wallet.replace('AbcdEF', 'abcdEF')],
  ['without 0x', wallet.slice(2)],
  ['empty', ''],
])('behavior: a wallet %s resolves, and is asked about, the same in both', async (_, address) => {
  node.answer = { verifiedUntil: nowSeconds() + 86_400n }
  const { official: theirs, ours } = await both(address)
  expect(ours).toStrictEqual(theirs)
})
