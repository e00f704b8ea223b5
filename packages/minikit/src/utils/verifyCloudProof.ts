import * as z from 'zod/mini'
import { CloudProofVerificationError } from '../errors/CloudProofVerificationError.js'
import type { VerificationLevel } from '../protocol/verificationLevels.js'
import { hashToField } from './hashToField.js'

/** Wire type: a World ID proof as `verify` returns it (IDKit's `ISuccessResult`). */
export interface CloudProof {
  proof: string
  merkle_root: string
  nullifier_hash: string
  verification_level: VerificationLevel | (string & {})
}

/** What {@link verifyCloudProof} resolves with: the portal's verdict. */
export type VerifyCloudProofResult =
  | { success: true }
  | { success: false; code: string; detail: string; attribute?: string | null; [key: string]: unknown }

/** Options beyond the official positional parameters. */
export interface VerifyCloudProofOptions {
  /** fetch to call the portal with (tests, proxies). @default globalThis.fetch */
  fetch?: typeof fetch
}

// The portal's error body; extra keys are kept, as the official spreads them all.
const portalError = z.looseObject({
  code: z.string(),
  detail: z.string(),
  attribute: z.optional(z.nullable(z.string())),
})

/**
 * Check a World ID proof with the Developer Portal
 * (`POST /api/v2/verify/{app_id}`), as official 1.9.6's root
 * `verifyCloudProof` does: same parameters, same request, same results. A
 * rejected proof resolves `{ success: false, code, detail, attribute }`; only
 * a missing verdict throws (typed, unlike the official's raw errors).
 *
 * @param proof the `verify` success payload's proof fields
 * @param app_id your Developer Portal app id (`app_…`)
 * @param action the action the proof was made for
 * @param signal the signal the proof commits to; `''` when omitted
 * @param endpoint full verify URL; the portal's own for `app_id` when omitted
 * @param headers extra request headers
 * @throws {CloudProofVerificationError} when run in a browser, when the portal
 *   cannot be reached, or when its error body is not the portal's JSON.
 * @example
 * ```ts
 * const result = await verifyCloudProof(finalPayload, 'app_123', 'vote')
 * if (result.success) recordVote(finalPayload.nullifier_hash)
 * ```
 */
export async function verifyCloudProof(
  proof: CloudProof,
  app_id: `app_${string}` | (string & {}),
  action: string,
  signal?: string,
  endpoint?: URL | string,
  headers?: Record<string, string>,
  options: VerifyCloudProofOptions = {},
): Promise<VerifyCloudProofResult> {
  // As in the official: a proof checked in the page proves nothing to the server.
  if (typeof window !== 'undefined' && typeof window.document !== 'undefined') {
    throw new CloudProofVerificationError('verifyCloudProof can only be used in the backend.')
  }
  const url = endpoint ?? `https://developer.worldcoin.org/api/v2/verify/${app_id}`
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...proof, action, signal_hash: hashToField(signal ?? '') }),
    })
  } catch (cause) {
    throw new CloudProofVerificationError('The Developer Portal could not be reached.', { cause })
  }
  if (response.ok) return { success: true }
  const body = portalError.safeParse(await response.json().catch(() => undefined))
  if (!body.success) {
    throw new CloudProofVerificationError(`The Developer Portal answered ${response.status} without a verdict.`, {
      status: response.status,
    })
  }
  return { success: false, ...body.data }
}
