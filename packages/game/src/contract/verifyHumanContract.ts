import * as z from 'zod/mini'
import type { CallableContract, RefusalOf } from './callableContract.js'

/** World ID verification levels, weakest first. */
export const VERIFICATION_LEVELS = ['device', 'document', 'secure_document', 'orb'] as const

/** One of {@link VERIFICATION_LEVELS}. */
export type VerificationLevelName = (typeof VERIFICATION_LEVELS)[number]

/**
 * The level a stored value names, or `null` for anything else: a profile's
 * `verifiedLevel` is read through this, so junk reads as not verified (the
 * safe side), on the server and in the app alike.
 *
 * @example
 * ```ts
 * verificationLevelOf('orb') // 'orb'
 * verificationLevelOf('gold') // null
 * ```
 */
export function verificationLevelOf(value: unknown): VerificationLevelName | null {
  return VERIFICATION_LEVELS.find((level) => level === value) ?? null
}

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,4096}$/))

/**
 * `verifyHuman(proof)`: the `verify` command's success reply (extra fields
 * dropped), checked by the server's verifier with the caller's uid as the
 * signal; resolves with the level now recorded on the profile. The app
 * words each refusal by its code (`VerifyHumanError`).
 *
 * @example
 * ```ts
 * const proof = verifyHumanContract.request.safeParse(request.data)
 * ```
 */
export const verifyHumanContract = {
  name: 'verifyHuman',
  request: z.object({
    proof: hex,
    merkle_root: hex,
    nullifier_hash: hex,
    verification_level: z.enum(VERIFICATION_LEVELS),
  }),
  reply: z.object({ verifiedLevel: z.enum(VERIFICATION_LEVELS) }),
  refusals: [
    'unauthenticated',
    'invalid_proof_payload',
    'proof_rejected',
    'human_already_linked',
    'verifier_unavailable',
    'verify_rate_limited',
  ],
} as const satisfies CallableContract

/** `verifyHuman`'s data: a World ID proof. */
export type HumanProof = z.infer<typeof verifyHumanContract.request>
/** `verifyHuman`'s reply. */
export type VerifyHumanReply = z.infer<typeof verifyHumanContract.reply>
/** The refusal codes `verifyHuman` can send. */
export type VerifyHumanRefusal = RefusalOf<typeof verifyHumanContract>
