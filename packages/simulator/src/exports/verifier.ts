// @worldmap/simulator/verifier: server-safe check of simulated World ID proofs.
export { externalNullifier, LEVELS, type SimulatedLevel, simulatedMerkleRoot } from '../worldId/simulatedProof.js'
export {
  SIMULATOR_ISSUER_ADDRESS,
  type SimulatedProofRequest,
  type SimulatedVerifyResult,
  verifySimulatedProof,
} from '../worldId/verifySimulatedProof.js'
