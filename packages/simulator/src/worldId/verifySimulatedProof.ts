import { hashToField } from '@worldmap/minikit'
import { type Address, decodeAbiParameters, type Hex, isAddressEqual, numberToHex, recoverAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  externalNullifier,
  LEVELS,
  proofDigest,
  SIMULATED_PROOF_MARKER,
  SIMULATOR_ISSUER_PRIVATE_KEY,
  simulatedMerkleRoot,
} from './simulatedProof.js'

/** The default simulated issuer's address. */
export const SIMULATOR_ISSUER_ADDRESS: Address = privateKeyToAccount(SIMULATOR_ISSUER_PRIVATE_KEY).address

const PROOF = /^0x[0-9a-fA-F]{512}$/
const FIELD = /^0x[0-9a-f]{64}$/

/** What a backend checks a proof against, as with the Developer Portal's verify API. */
export interface SimulatedProofRequest {
  appId: string
  action: string
  /** The raw signal; hashed like the `verify` command does. Give this or `signalHash`. */
  signal?: string
  signalHash?: Hex
}

/** Outcome, shaped like the Developer Portal's verify reply. */
export type SimulatedVerifyResult =
  | { success: true; nullifier_hash: Hex; verification_level: string; action: string }
  | { success: false; code: 'invalid_proof' | 'invalid_merkle_root' | 'malformed_proof' | 'invalid_level'; detail: string }

/**
 * Check a proof made by the simulator's World ID: it must be signed by the
 * issuer over this app, action, signal, level, root and nullifier.
 *
 * @example
 * ```ts
 * const result = await verifySimulatedProof(reply, { appId, action: 'collect', signal: uid })
 * if (!result.success) throw new Error(result.code)
 * ```
 */
export async function verifySimulatedProof(
  proof: { proof: string; merkle_root: string; nullifier_hash: string; verification_level: string },
  request: SimulatedProofRequest,
  issuer: Address = SIMULATOR_ISSUER_ADDRESS,
): Promise<SimulatedVerifyResult> {
  if (!LEVELS.includes(proof.verification_level as never)) {
    return { success: false, code: 'invalid_level', detail: `Unknown verification level ${proof.verification_level}` }
  }
  if (proof.merkle_root !== simulatedMerkleRoot(proof.verification_level)) {
    return { success: false, code: 'invalid_merkle_root', detail: 'The Merkle root is not a simulated identity set root' }
  }
  // Exactly eight words: extra or missing bytes would make one proof many strings.
  if (typeof proof.proof !== 'string' || !PROOF.test(proof.proof)) {
    return { success: false, code: 'malformed_proof', detail: 'The proof is not a uint256[8]' }
  }
  const [words] = decodeAbiParameters([{ type: 'uint256[8]' }], proof.proof as Hex)
  const [r, s, v, marker, ...padding] = words
  // The padding is not signed: it must be zero, or a flipped byte there would go unnoticed.
  if (marker !== SIMULATED_PROOF_MARKER || v > 1n || padding.some((word) => word !== 0n)) {
    return { success: false, code: 'malformed_proof', detail: 'Not a simulated World ID proof' }
  }
  // One person, one spelling: the digest reads the number, so '0xABC…' or a
  // dropped leading zero would verify too and pass a string-keyed
  // nullifier check as someone new.
  if (typeof proof.nullifier_hash !== 'string' || !FIELD.test(proof.nullifier_hash)) {
    return {
      success: false,
      code: 'malformed_proof',
      detail: 'The nullifier hash is not a field element in canonical form (0x + 64 lowercase hex digits)',
    }
  }
  try {
    const signalHash = request.signalHash ?? hashToField(request.signal ?? '')
    const digest = proofDigest({
      merkleRoot: proof.merkle_root as Hex,
      nullifierHash: proof.nullifier_hash as Hex,
      signalHash,
      externalNullifier: externalNullifier(request.appId, request.action),
      level: proof.verification_level,
    })
    const signer = await recoverAddress({
      hash: digest,
      signature: { r: numberToHex(r, { size: 32 }), s: numberToHex(s, { size: 32 }), yParity: Number(v) },
    })
    if (isAddressEqual(signer, issuer)) {
      return {
        success: true,
        nullifier_hash: proof.nullifier_hash as Hex,
        verification_level: proof.verification_level,
        action: request.action,
      }
    }
  } catch {}
  return { success: false, code: 'invalid_proof', detail: 'The proof does not match this app, action, signal and nullifier' }
}
