import fc from 'fast-check'
import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, type Hex, parseAbi } from 'viem'
import { worldchain } from 'viem/chains'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { compressAndPadProof, SEMAPHORE_VERIFIER_ADDRESS, WORLD_CHAIN_PUBLIC_RPC } from './compressAndPadProof.js'

const abi = parseAbi(['function compressProof(uint256[8] proof) view returns (uint256[4] compressed)'])
const word = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n })
const words8 = fc.array(word, { minLength: 8, maxLength: 8 }) as fc.Arbitrary<
  [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint]
>
const words4 = fc.array(word, { minLength: 4, maxLength: 4 }) as fc.Arbitrary<[bigint, bigint, bigint, bigint]>

/** A JSON-RPC node answering every eth_call with `result`. */
const node = (result: Hex) =>
  vi.fn(async (_url: string, init: { body: string }) => Response.json({ jsonrpc: '2.0', id: JSON.parse(init.body).id, result }))

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

test('default: the public World Chain endpoint is viem’s', () => {
  expect(WORLD_CHAIN_PUBLIC_RPC).toBe(worldchain.rpcUrls.default.http[0])
})

test('behavior: the call and the padded result are what viem’s ABI coder writes and reads', async () => {
  await fc.assert(
    fc.asyncProperty(words8, words4, async (proofWords, compressedWords) => {
      const fetch = node(encodeAbiParameters([{ type: 'uint256[4]' }], [compressedWords]))
      vi.stubGlobal('fetch', fetch)
      const proof = encodeAbiParameters([{ type: 'uint256[8]' }], [proofWords])
      const out = await compressAndPadProof(proof, 'https://rpc.test/')
      expect(out).toBe(encodeAbiParameters([{ type: 'uint256[8]' }], [[...compressedWords, 0n, 0n, 0n, 0n]]))
      const [url, init] = fetch.mock.calls[0] ?? []
      expect(url).toBe('https://rpc.test/')
      const body = JSON.parse(init?.body ?? '{}')
      expect(body.params).toStrictEqual([
        { to: SEMAPHORE_VERIFIER_ADDRESS, data: encodeFunctionData({ abi, functionName: 'compressProof', args: [proofWords] }) },
        'latest',
      ])
      expect(decodeFunctionData({ abi, data: body.params[0].data }).args).toStrictEqual([proofWords])
    }),
    { numRuns: 25 },
  )
})

test('behavior: an HTTP error is tried once more, then the original proof is kept', async () => {
  const fetch = vi.fn(async () => new Response('busy', { status: 503 }))
  vi.stubGlobal('fetch', fetch)
  const proof = `0x${'1'.repeat(512)}` as const
  await expect(compressAndPadProof(proof)).resolves.toBe(proof)
  expect(fetch).toHaveBeenCalledTimes(2)
  expect(console.warn).toHaveBeenCalledWith('Proof compression failed; using the original proof', expect.any(Error))
})

test('error: a node answering no data (no contract) keeps the original proof', async () => {
  vi.stubGlobal('fetch', node('0x'))
  const proof = `0x${'2'.repeat(512)}` as const
  await expect(compressAndPadProof(proof)).resolves.toBe(proof)
})
