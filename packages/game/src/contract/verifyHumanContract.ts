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

/** The order of BN254's scalar field: every World ID root and nullifier is a number below it. */
const FIELD_MODULUS = 21888242871839275222246405745257275088548364400416034343698204186575808495617n

/**
 * A field element as World ID writes one: `0x` and 64 hex digits, below the
 * field's order. Anything else cannot verify, so it is refused before the
 * server counts the call or asks the Developer Portal (issue 33).
 */
const fieldElement = z.string().check(
  z.regex(/^0x[0-9a-fA-F]{64}$/),
  z.refine((value) => BigInt(value) < FIELD_MODULUS, 'not a field element (at or above the field order)'),
)

/** A Groth16 proof as World ID sends it: 8 words of 32 bytes (`uint256[8]`), or 4 when compressed. */
const proofWords = z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{64}){4}(?:(?:[0-9a-fA-F]{64}){4})?$/))

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
    proof: proofWords,
    merkle_root: fieldElement,
    nullifier_hash: fieldElement,
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
