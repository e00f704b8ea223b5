import * as z from 'zod/mini'
import { replySchema } from '../schemas/replySchema.js'
import { state } from '../state.js'
import type { CommandDefinition } from '../support/CommandDefinition.js'
import { VerificationLevel } from '../support/constants.js'
import { fail, parseInput } from '../support/parseInput.js'
import { runCommand } from '../support/runCommand.js'
import { DEFAULT_VERIFICATION_LEVEL } from '../support/verificationLevels.js'
import type { AbiEncodedValue, CommandOptions } from '../types.js'
import { encodePacked } from '../utils/encodePacked.js'
import { hashToField } from '../utils/hashToField.js'

const abiEncoded = z.object({ types: z.array(z.string()), values: z.array(z.unknown()) })
const verifyInput = z.object({
  action: z.union([z.string(), abiEncoded], "'action' must be a string or an ABI-encoded value"),
  signal: z.optional(z.union([z.string(), abiEncoded], "'signal' must be a string or an ABI-encoded value")),
  verification_level: z.optional(
    z.enum(
      Object.values(VerificationLevel) as [VerificationLevel, ...VerificationLevel[]],
      "'verification_level' must be orb, secure_document, document or device",
    ),
  ),
})

/** Input of {@link verify}. */
export interface VerifyInput {
  action: string | AbiEncodedValue
  signal?: string | AbiEncodedValue
  verification_level?: VerificationLevel
}

/** Wire type: the verify payload. */
export interface VerifyPayload {
  action: string
  signal: string
  verification_level: VerificationLevel
  timestamp: string
}

const verifyReply = replySchema({
  proof: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
  merkle_root: z.string(),
  nullifier_hash: z.string(),
  verification_level: z.string(),
  version: z.number(),
})

/** The host's final verify payload. */
export type VerifyResult = z.infer<typeof verifyReply>

/** @internal */
export const verifyDefinition: CommandDefinition<VerifyResult> = {
  command: 'verify',
  event: 'miniapp-verify-action',
  method: 'verify',
  reply: verifyReply,
  async afterReply(reply) {
    if (reply.status !== 'success' || reply.verification_level !== 'orb') return reply
    const { compressAndPadProof } = await import('../utils/compressAndPadProof.js')
    return { ...reply, proof: await compressAndPadProof(reply.proof as `0x${string}`, state.config.rpcUrl) }
  },
}

// String() throws for null-prototype objects and `{ toString: 1 }`; that
// must surface as a typed error, not a TypeError.
function actionValue(value: unknown): string {
  try {
    return String(value)
  } catch {
    return fail("'action' values must convert to strings", 'verify')
  }
}

/**
 * IDKit's action encoding: strings pass through, ABI values become
 * `type(value)` pairs joined by commas.
 *
 * @example
 * ```ts
 * encodeAction({ types: ['uint256'], values: [1] }) // 'uint256(1)'
 * ```
 */
export function encodeAction(action: string | AbiEncodedValue | undefined): string {
  if (!action) return ''
  if (typeof action === 'string') return action
  if (action.types.length !== action.values.length) fail('Types and values arrays must have the same length.', 'verify')
  return action.types.map((type, index) => `${type}(${actionValue(action.values[index])})`).join(',')
}

/**
 * The signal digest sent to the host: `hashToField` of the string, or of
 * the packed ABI encoding.
 *
 * @example
 * ```ts
 * generateSignal('0xabc…') // 0x00…
 * ```
 */
export function generateSignal(signal: string | AbiEncodedValue | undefined): `0x${string}` {
  if (!signal || typeof signal === 'string') return hashToField(signal ?? '')
  return hashToField(encodePacked(signal.types, signal.values))
}

/**
 * Validate verify input and build the wire payload.
 *
 * @example
 * ```ts
 * buildVerifyPayload({ action: 'collect-drops', signal: '0x…' }).verification_level // 'orb'
 * ```
 */
export function buildVerifyPayload(input: VerifyInput): VerifyPayload {
  const valid = parseInput(verifyInput, input, 'verify')
  return {
    action: encodeAction(valid.action),
    signal: generateSignal(valid.signal),
    verification_level: valid.verification_level ?? DEFAULT_VERIFICATION_LEVEL,
    timestamp: new Date().toISOString(),
  }
}

/**
 * Ask World App for a World ID proof for an action. Orb proofs are
 * compressed on-chain before resolving, falling back to the original.
 *
 * @example
 * ```ts
 * const result = await verify({ action: 'collect-drops', signal: walletAddress })
 * if (result.status === 'success') await fetch('/api/verify', { method: 'POST', body: JSON.stringify(result) })
 * ```
 */
export function verify(input: VerifyInput, options?: CommandOptions): Promise<VerifyResult> {
  return runCommand(verifyDefinition, () => buildVerifyPayload(input), options)
}
