import { hashToField } from '@worldmap/minikit'
import { type Address, encodeAbiParameters, type Hex, keccak256, stringToBytes } from 'viem'

/**
 * The simulated World ID issuer. Its key signs every simulated proof; the
 * verifier accepts a proof only when this address (or the one configured)
 * signed it. A dev-only key, like the dev wallet.
 */
export const SIMULATOR_ISSUER_PRIVATE_KEY: Hex = keccak256(stringToBytes('worldmap simulator world id issuer'))

/** World ID verification levels, weakest first. */
export const LEVELS = ['device', 'document', 'secure_document', 'orb'] as const
export type SimulatedLevel = (typeof LEVELS)[number]

/**
 * The external nullifier of (app, action): what makes a nullifier unique to
 * one action of one app, as in World ID.
 */
export function externalNullifier(appId: string, action: string): Hex {
  return hashToField(`${hashToField(appId)}:${action}`)
}

/** The Merkle root the simulated identity set reports for a level. */
export function simulatedMerkleRoot(level: string): Hex {
  return hashToField(`worldmap simulator merkle root:${level}`)
}

/** What the issuer signs: every field a verifier must be able to trust. */
export function proofDigest(fields: {
  merkleRoot: Hex
  nullifierHash: Hex
  signalHash: Hex
  externalNullifier: Hex
  level: string
}): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes32' }],
      [
        BigInt(fields.merkleRoot),
        BigInt(fields.nullifierHash),
        BigInt(fields.signalHash),
        BigInt(fields.externalNullifier),
        keccak256(stringToBytes(fields.level)),
      ],
    ),
  )
}

/** Marks a simulated proof: the fourth word of the uint256[8] proof. */
export const SIMULATED_PROOF_MARKER = BigInt(keccak256(stringToBytes('worldmap simulated proof v1')))

export type { Address }
