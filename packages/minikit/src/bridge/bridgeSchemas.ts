// zod/mini schemas for everything that comes back from the bridge or the
// wallet. Inner code only ever sees values that passed one of these.
import * as z from 'zod/mini'
import { CredentialType, VerificationLevel } from '../protocol/verificationLevels.js'

/** Wire type: what travels through the bridge — AES-GCM output and its IV, both base64. */
export interface BridgeEnvelope {
  iv: string
  payload: string
}

/** `{ iv, payload }`; checked before any base64 or crypto work. */
export const bridgeEnvelopeSchema = z.object({ iv: z.string(), payload: z.string() })

// The bridge hands out v4 UUIDs. The id is put into a URL path, so anything
// else (slashes, `..`, query characters) is refused rather than escaped.
const requestId = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))

/** Body of `POST /request`. */
export const createRequestReplySchema = z.object({ request_id: requestId })

/**
 * Body of `GET /response/:id`. Unknown statuses are allowed on purpose
 * (spec §4: anything but `retrieved`/`completed` means "awaiting
 * connection"); the envelope is checked later, by decryption, so a bad one
 * is reported as a decryption failure.
 */
export const pollReplySchema = z.object({
  status: z.string(),
  response: z.optional(z.nullable(z.unknown())),
})

/** Decrypted wallet answer: a failure. Checked first, like IDKit. */
export const walletErrorSchema = z.looseObject({ error_code: z.string() })

/**
 * Decrypted wallet answer: a proof. Older wallets send `credential_type`
 * instead of `verification_level`; extra fields are kept.
 */
export const walletSuccessSchema = z.looseObject({
  proof: z.string(),
  merkle_root: z.string(),
  nullifier_hash: z.string(),
  verification_level: z.optional(z.enum(Object.values(VerificationLevel) as [VerificationLevel, ...VerificationLevel[]])),
  credential_type: z.optional(z.enum(Object.values(CredentialType) as [CredentialType, ...CredentialType[]])),
})
