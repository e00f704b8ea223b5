import * as z from 'zod/mini'

/** World ID's Semaphore verifier on World Chain, which exposes `compressProof`. */
export const SEMAPHORE_VERIFIER_ADDRESS = '0x79f46b94d134109EbcbbddBAeD0E88790409A0e4'

/** World Chain's public JSON-RPC endpoint (viem's `worldchain.rpcUrls.default`), used without `install({ rpcUrl })`. */
export const WORLD_CHAIN_PUBLIC_RPC = 'https://worldchain-mainnet.g.alchemy.com/public'

// `compressProof(uint256[8])`'s selector; a uint256[8] argument is its eight
// words back to back (a static array has no offset), and the uint256[4]
// result the same with four. As viem's decoder, anything after the words
// is ignored. Checked against viem's ABI coder in tests.
const COMPRESS_PROOF_SELECTOR = '0x44f63692'
const EIGHT_WORDS = /^0x[0-9a-fA-F]{512}/
const FOUR_WORDS = /^0x[0-9a-fA-F]{256}/
// viem's http transport's default: a node that never answers fails the compression, not the command.
const TIMEOUT_MS = 10_000

// The node's JSON-RPC answer: a result, or an error object (a revert).
const rpcReply = z.union([
  z.object({ result: z.string().check(z.regex(FOUR_WORDS)) }),
  z.object({ error: z.object({ message: z.string() }) }),
])

/** One eth_call; a network failure or an HTTP error status is tried once more, as viem's http transport did. */
async function ethCall(url: string, data: string): Promise<string> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [{ to: SEMAPHORE_VERIFIER_ADDRESS, data }, 'latest'],
  })
  let response: Response | undefined
  for (let attempt = 0; attempt < 2 && !response?.ok; attempt++) {
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
      })
    } catch (error) {
      if (attempt === 1) throw error
    }
  }
  if (!response?.ok) throw new Error(`HTTP ${response?.status} from the JSON-RPC node`)
  const reply = rpcReply.parse(await response.json())
  if ('error' in reply) throw new Error(reply.error.message)
  return reply.result
}

/**
 * Compress an Orb proof through the on-chain verifier and pad it with four
 * zero words, which verifiers read as "compressed". Any failure returns
 * the original proof, which stays valid, only larger.
 *
 * A plain JSON-RPC `eth_call` over fetch, without viem: the 1.x `verify`
 * command is on the root entry, whose import graph reaches no viem even
 * behind import() (issue 34).
 *
 * @example
 * ```ts
 * const proof = await compressAndPadProof(reply.proof)
 * ```
 */
export async function compressAndPadProof(proof: `0x${string}`, rpcUrl?: string): Promise<`0x${string}`> {
  try {
    if (!EIGHT_WORDS.test(proof)) throw new Error('The proof is not eight 32-byte words')
    const words = proof.slice(2, 514).toLowerCase()
    const compressed = await ethCall(rpcUrl ?? WORLD_CHAIN_PUBLIC_RPC, `${COMPRESS_PROOF_SELECTOR}${words}`)
    return `${compressed.slice(0, 258).toLowerCase()}${'0'.repeat(256)}` as `0x${string}`
  } catch (error) {
    console.warn('Proof compression failed; using the original proof', error)
    return proof
  }
}
