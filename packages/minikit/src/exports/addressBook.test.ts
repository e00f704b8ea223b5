// @vitest-environment node
// Differential tests: `@worldmap/minikit/address-book` against official
// 2.0.3's `./address-book`, the same wallet and the same scripted World Chain
// node on 127.0.0.1 (the official takes only an RPC URL), comparing the
// eth_call each sends and what each resolves.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionResult, parseAbi } from 'viem'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { importOfficial203 } from '../../test/official203.js'
import * as addressBook from './addressBook.js'
import * as root from './index.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
const abi = parseAbi(['function addressVerifiedUntil(address) view returns (uint256)'])
const wallet = '0x1234567890AbcdEF1234567890aBcdef12345678'
const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

/** What the node answers to eth_call; every eth_call's params are recorded. */
let answer: { verifiedUntil: bigint } | { httpStatus: number } = { verifiedUntil: 0n }
let calls: unknown[] = []
let server: Server
let rpcUrl: string

beforeAll(async () => {
  official = await importOfficial203('address-book')
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      if ('httpStatus' in answer) return response.writeHead(answer.httpStatus).end('unavailable')
      const parsed = JSON.parse(body)
      const one = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => {
        if (method === 'eth_chainId') return { jsonrpc: '2.0', id, result: '0x1e0' }
        calls.push(params[0])
        const result = encodeFunctionResult({
          abi,
          functionName: 'addressVerifiedUntil',
          result: (answer as { verifiedUntil: bigint }).verifiedUntil,
        })
        return { jsonrpc: '2.0', id, result }
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed)))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))
beforeEach(() => {
  calls = []
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

/** Run both against the node; each side's result and eth_calls. */
async function both(address: string) {
  calls = []
  const theirs = await official.getIsUserVerified(address, rpcUrl)
  const theirCalls = calls
  calls = []
  const ours = await addressBook.getIsUserVerified(address, rpcUrl)
  return { official: { result: theirs, calls: theirCalls }, ours: { result: ours, calls } }
}

test('default: the subpath has the official 2.0.3 runtime names', () => {
  const missing = Object.keys(official).filter((name) => !(name in addressBook))
  expect(missing).toStrictEqual([])
})

test('default: it is the one implementation the root wraps lazily, not a copy', async () => {
  const lazy = await import('../utils/getIsUserVerified.js')
  expect(addressBook.getIsUserVerified).toBe(lazy.getIsUserVerified)
  expect(root.getIsUserVerified).not.toBe(addressBook.getIsUserVerified)
})

test('behavior: a wallet verified until tomorrow is verified, after the same eth_call as official 2.0.3', async () => {
  answer = { verifiedUntil: nowSeconds() + 86_400n }
  const { official: theirs, ours } = await both(wallet)
  expect(ours).toStrictEqual(theirs)
  expect(ours.result).toBe(true)
  expect(ours.calls).toMatchObject([{ to: addressBook.WORLD_ID_ADDRESS_BOOK }])
})

test('behavior: a lapsed or never-verified wallet is not verified, as in official 2.0.3', async () => {
  for (const verifiedUntil of [0n, nowSeconds() - 60n]) {
    answer = { verifiedUntil }
    const { official: theirs, ours } = await both(wallet)
    expect(ours).toStrictEqual(theirs)
    expect(ours.result).toBe(false)
  }
})

test('behavior: an expiry beyond 2^53 seconds is still in the future for both', async () => {
  answer = { verifiedUntil: 2n ** 60n }
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
  answer = { httpStatus: 503 }
  const { official: theirs, ours } = await both(wallet)
  expect(ours.result).toBe(false)
  expect(theirs.result).toBe(false)
  expect(console.error).toHaveBeenCalledWith('Error verifying user:', expect.any(Error))
}, 20_000)
