/** World ID verification levels, weakest first. */
export const VERIFICATION_LEVELS = ['device', 'document', 'secure_document', 'orb'] as const

/** One of {@link VERIFICATION_LEVELS}. */
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number]

/** A World ID proof as the `verify` command returns it (wire type). */
export interface HumanProofPayload {
  proof: string
  merkle_root: string
  nullifier_hash: string
  verification_level: VerificationLevel
}

/** What a proof is checked against. `signal` is raw; verifiers hash it like the `verify` command. */
export interface ProofRequest {
  appId: string
  action: string
  signal: string
}

/** A verifier's verdict, shaped like the Developer Portal's verify reply (wire type). */
export type ProofVerification =
  | { success: true; nullifier_hash: string; verification_level: VerificationLevel }
  | { success: false; code: string; detail: string }

/**
 * Checks a World ID proof. A rejected proof resolves `{ success: false }`;
 * only an unreachable or misbehaving verifier rejects (with
 * `VerifierUnavailableError`).
 *
 * @example
 * ```ts
 * const verifier: ProofVerifier = local ? createSimulatorVerifier() : createDeveloperPortalVerifier({ appId })
 * ```
 */
export type ProofVerifier = (proof: HumanProofPayload, request: ProofRequest) => Promise<ProofVerification>
