import { verifySimulatedProof } from '@worldmap/simulator/verifier'
import type { ProofVerifier } from './ProofVerifier.js'

/** Options of {@link createSimulatorVerifier}. */
export interface SimulatorVerifierOptions {
  /** Issuer address the proofs must be signed by. @default the simulator's dev issuer */
  issuer?: `0x${string}`
}

/**
 * A {@link ProofVerifier} for local mode: accepts proofs made by the host
 * simulator's World ID (bound to app, action, signal and level).
 * Never use it in production — the dev issuer key is public.
 *
 * @example
 * ```ts
 * const verifier = createSimulatorVerifier()
 * await verifier(proof, { appId, action: 'verify-human', signal: uid })
 * ```
 */
export function createSimulatorVerifier(options: SimulatorVerifierOptions = {}): ProofVerifier {
  return async (proof, { appId, action, signal }) => {
    const result = await verifySimulatedProof(proof, { appId, action, signal }, options.issuer)
    if (!result.success) return { success: false, code: result.code, detail: result.detail }
    // The issuer signature covers the level, so the proof's level is the verified one.
    return { success: true, nullifier_hash: result.nullifier_hash, verification_level: proof.verification_level }
  }
}
