import type { CloudProof, VerifyCloudProofOptions, VerifyCloudProofResult } from './verifyCloudProof.js'

/**
 * Check a World ID proof with the Developer Portal, as official 1.9.6's
 * `verifyCloudProof` does (same parameters, request and results); see
 * `./verifyCloudProof.ts` for the details. A server-side call, so its code
 * loads on first use and browsers importing the root entry never ship it.
 *
 * @throws {CloudProofVerificationError} when run in a browser, when the portal
 *   cannot be reached, or when its error body is not the portal's JSON.
 * @example
 * ```ts
 * const result = await verifyCloudProof(finalPayload, 'app_123', 'vote')
 * if (result.success) recordVote(finalPayload.nullifier_hash)
 * ```
 */
export function verifyCloudProof(
  proof: CloudProof,
  app_id: `app_${string}` | (string & {}),
  action: string,
  signal?: string,
  endpoint?: URL | string,
  headers?: Record<string, string>,
  options?: VerifyCloudProofOptions,
): Promise<VerifyCloudProofResult> {
  return import('./verifyCloudProof.js').then((module) =>
    module.verifyCloudProof(proof, app_id, action, signal, endpoint, headers, options),
  )
}
