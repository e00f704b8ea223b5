import { hashToField } from '@worldmap/minikit'
import { encodeAbiParameters, type Hex, hexToBigInt, keccak256, parseSignature, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  externalNullifier,
  LEVELS,
  proofDigest,
  SIMULATED_PROOF_MARKER,
  SIMULATOR_ISSUER_PRIVATE_KEY,
  type SimulatedLevel,
  simulatedMerkleRoot,
} from './simulatedProof.js'

/** A World ID proof as World App returns it from `verify`. */
export interface SimulatedProof {
  proof: Hex
  merkle_root: Hex
  nullifier_hash: Hex
  verification_level: SimulatedLevel
}

/** Options of {@link createSimulatedIdentity}. */
export interface SimulatedIdentityOptions {
  /** Seeds the identity secret; one seed is one person (one nullifier per action). */
  seed?: string
  /** The strongest credential this person holds. @default 'orb' */
  level?: SimulatedLevel
  /** Issuer key signing the proofs; the verifier must be given its address. */
  issuerPrivateKey?: Hex
}

/** A simulated World ID holder. */
export interface SimulatedIdentity {
  level: SimulatedLevel
  /** Whether this person can prove `requested` (a stronger credential satisfies a weaker level). */
  satisfies(requested: string): boolean
  /**
   * Prove membership for an action and a signal digest (`0x…` field
   * element, as the `verify` command sends it).
   */
  prove(request: { appId: string; action: string; signalHash: Hex; level: string }): Promise<SimulatedProof>
}

/**
 * Create a simulated World ID holder whose proofs `verifySimulatedProof`
 * accepts. Proofs are bound to app, action, signal, level and nullifier, so
 * a tampered proof or one replayed for another action or signal fails.
 *
 * @example
 * ```ts
 * const identity = createSimulatedIdentity({ seed: 'alice' })
 * const proof = await identity.prove({ appId, action: 'collect', signalHash, level: 'orb' })
 * ```
 */
export function createSimulatedIdentity(options: SimulatedIdentityOptions = {}): SimulatedIdentity {
  const level = options.level ?? 'orb'
  const secret = keccak256(stringToBytes(`worldmap simulator identity:${options.seed ?? 'default'}`))
  const issuer = privateKeyToAccount(options.issuerPrivateKey ?? SIMULATOR_ISSUER_PRIVATE_KEY)
  const rank = (value: string) => LEVELS.indexOf(value as SimulatedLevel)
  return {
    level,
    satisfies: (requested) => rank(requested) >= 0 && rank(requested) <= rank(level),
    async prove({ appId, action, signalHash, level: requested }) {
      // World ID answers with the credential actually used: the one asked for.
      const verificationLevel = requested as SimulatedLevel
      const external = externalNullifier(appId, action)
      const nullifierHash = hashToField(`${secret}:${external}`)
      const merkleRoot = simulatedMerkleRoot(verificationLevel)
      const digest = proofDigest({ merkleRoot, nullifierHash, signalHash, externalNullifier: external, level: verificationLevel })
      const { r, s, yParity } = parseSignature(await issuer.sign({ hash: digest }))
      const words = [hexToBigInt(r), hexToBigInt(s), BigInt(yParity ?? 0), SIMULATED_PROOF_MARKER, 0n, 0n, 0n, 0n] as const
      return {
        proof: encodeAbiParameters([{ type: 'uint256[8]' }], [words]),
        merkle_root: merkleRoot,
        nullifier_hash: nullifierHash,
        verification_level: verificationLevel,
      }
    },
  }
}
