import { z } from 'zod'
import { VERIFICATION_LEVELS } from './ProofVerifier.js'

const hex = z.string().regex(/^0x[0-9a-fA-F]{1,4096}$/)

/**
 * Schema of the proof payload a client sends to `verifyHuman` (the `verify`
 * command's success reply, extra fields ignored).
 *
 * @example
 * ```ts
 * const proof = humanProofSchema.parse(request.data)
 * ```
 */
export const humanProofSchema = z.object({
  proof: hex,
  merkle_root: hex,
  nullifier_hash: hex,
  verification_level: z.enum(VERIFICATION_LEVELS),
})
