import { hashToField } from '@worldmap/minikit'
import { z } from 'zod'
import { VerifierUnavailableError } from './errors/VerifierUnavailableError.js'
import { type ProofVerifier, VERIFICATION_LEVELS } from './ProofVerifier.js'

/** Options of {@link createDeveloperPortalVerifier}. */
export interface DeveloperPortalVerifierOptions {
  /** The app id (`app_…`) the proofs are for. */
  appId: string
  /** @default 'https://developer.worldcoin.org' */
  baseUrl?: string
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** Abort the request after this long, ms. @default 10_000 */
  timeoutMs?: number
}

const successSchema = z.object({
  nullifier_hash: z.string().min(1),
  verification_level: z.enum(VERIFICATION_LEVELS),
})

const failureSchema = z.object({
  code: z.string().min(1),
  detail: z.string(),
})

/**
 * A {@link ProofVerifier} backed by the World ID Developer Portal:
 * `POST {baseUrl}/api/v2/verify/{appId}` with the proof, action and
 * `signal_hash` (hash-to-field of the signal). 200 → verified; 4xx
 * `{ code, detail }` → rejected. Anything else (network error, timeout,
 * 5xx, unexpected body) throws {@link VerifierUnavailableError}.
 *
 * @example
 * ```ts
 * const verifier = createDeveloperPortalVerifier({ appId: 'app_123' })
 * const result = await verifier(proof, { appId: 'app_123', action: 'verify-human', signal: uid })
 * ```
 */
export function createDeveloperPortalVerifier(options: DeveloperPortalVerifierOptions): ProofVerifier {
  const { appId, baseUrl = 'https://developer.worldcoin.org', timeoutMs = 10_000 } = options
  const doFetch = options.fetch ?? globalThis.fetch
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v2/verify/${encodeURIComponent(appId)}`
  return async (proof, { action, signal }) => {
    let response: Response
    let body: unknown
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          nullifier_hash: proof.nullifier_hash,
          merkle_root: proof.merkle_root,
          proof: proof.proof,
          verification_level: proof.verification_level,
          action,
          signal_hash: hashToField(signal),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      body = await response.json()
    } catch (cause) {
      throw new VerifierUnavailableError({ cause, details: 'request failed or reply was not JSON' })
    }
    if (response.status === 200) {
      const parsed = successSchema.safeParse(body)
      if (!parsed.success) throw new VerifierUnavailableError({ details: 'unexpected success reply' })
      return { success: true, ...parsed.data }
    }
    if (response.status >= 400 && response.status < 500) {
      const parsed = failureSchema.safeParse(body)
      if (!parsed.success) throw new VerifierUnavailableError({ details: `unexpected ${response.status} reply` })
      return { success: false, ...parsed.data }
    }
    throw new VerifierUnavailableError({ details: `status ${response.status}` })
  }
}
