import type { GameConfig } from '../config/readGameConfig.js'
import { createDeveloperPortalVerifier } from '../worldId/createDeveloperPortalVerifier.js'
import { createSimulatorVerifier } from '../worldId/createSimulatorVerifier.js'
import type { ProofVerifier } from '../worldId/ProofVerifier.js'

/**
 * The proof verifier the configuration asks for: the simulator's (local
 * mode) or the Developer Portal API at the configured URL (production).
 *
 * @example
 * ```ts
 * const verifier = createProofVerifier(readGameConfig(process.env))
 * ```
 */
export function createProofVerifier(config: Pick<GameConfig, 'appId' | 'verifier'>): ProofVerifier {
  if (config.verifier.mode === 'simulator') return createSimulatorVerifier()
  return createDeveloperPortalVerifier({ appId: config.appId, baseUrl: config.verifier.baseUrl })
}
