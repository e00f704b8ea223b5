import type { HumanProof, VerificationLevelName } from '@worldmap/game/contract'

/** World ID verification levels, weakest first (the contract's). */
export { VERIFICATION_LEVELS } from '@worldmap/game/contract'

/** One of `VERIFICATION_LEVELS`. */
export type VerificationLevel = VerificationLevelName

/** A World ID proof as the `verify` command returns it (wire type): `verifyHumanContract`'s request. */
export type HumanProofPayload = HumanProof

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
