import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { DEFAULT_VERIFICATION_LEVEL, VerificationLevel } from '../protocol/verificationLevels.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import { state } from '../state.js'
import type { AbiEncodedValue, CommandOptions } from '../types.js'
import { encodeAction } from '../utils/encodeAction.js'
import { generateSignal } from '../utils/generateSignal.js'

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
export type VerifyResult = ReplyOf<typeof verifyReply>

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

/**
 * Every error {@link verify} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type VerifyErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
