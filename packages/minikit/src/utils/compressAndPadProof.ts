import { createPublicClient, decodeAbiParameters, encodeAbiParameters, type Hex, http } from 'viem'
import { worldchain } from 'viem/chains'

/** World ID's Semaphore verifier on World Chain, which exposes `compressProof`. */
export const SEMAPHORE_VERIFIER_ADDRESS = '0x79f46b94d134109EbcbbddBAeD0E88790409A0e4'

const compressProofAbi = [
  {
    type: 'function',
    name: 'compressProof',
    stateMutability: 'view',
    inputs: [{ name: 'proof', type: 'uint256[8]' }],
    outputs: [{ name: 'compressed', type: 'uint256[4]' }],
  },
] as const

const proofParameters = [{ type: 'uint256[8]' }] as const

/**
 * Compress an Orb proof through the on-chain verifier and pad it with four
 * zero words, which verifiers read as "compressed". Any failure returns
 * the original proof, which stays valid, only larger.
 *
 * Loaded lazily: viem lands in the bundle only on this path.
 *
 * @example
 * ```ts
 * const proof = await compressAndPadProof(reply.proof)
 * ```
 */
export async function compressAndPadProof(proof: Hex, rpcUrl?: string): Promise<Hex> {
  try {
    const [words] = decodeAbiParameters(proofParameters, proof)
    const client = createPublicClient({ chain: worldchain, transport: http(rpcUrl, { retryCount: 1 }) })
    const compressed = await client.readContract({
      address: SEMAPHORE_VERIFIER_ADDRESS,
      abi: compressProofAbi,
      functionName: 'compressProof',
      args: [words],
    })
    return encodeAbiParameters(proofParameters, [[...compressed, 0n, 0n, 0n, 0n]])
  } catch (error) {
    console.warn('Proof compression failed; using the original proof', error)
    return proof
  }
}
