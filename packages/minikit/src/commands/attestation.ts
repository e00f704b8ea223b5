import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const attestationInput = z.object({
  requestHash: z
    .string("'requestHash' must be a string")
    .check(z.minLength(1, "'attestation' command requires a non-empty requestHash")),
})

/** Input of {@link attestation}: the hex hash of the request your backend will check the token against. */
export type AttestationInput = z.infer<typeof attestationInput>

/** Wire payload of {@link attestation}. */
export interface AttestationPayload {
  request_hash: string
}

const attestationReply = replySchema({ version: z.number(), token: z.string() })

/** The host's final attestation payload: the token, or the failure (with a `description`). */
export type AttestationResult = ReplyOf<typeof attestationReply>

/** @internal */
export const attestationDefinition: CommandDefinition<AttestationResult> = {
  command: 'attestation',
  event: 'miniapp-attestation',
  method: 'attestation',
  reply: attestationReply,
}

/** Validate attestation input and build the wire payload. @example buildAttestationPayload({ requestHash: '0xab12' }) */
export function buildAttestationPayload(input: AttestationInput): AttestationPayload {
  return { request_hash: parseInput(attestationInput, input, 'attestation').requestHash }
}

/**
 * Ask World App to attest that a request comes from a genuine app on a
 * genuine device: resolves with a token your backend verifies with World.
 *
 * @example
 * ```ts
 * const reply = await attestation({ requestHash })
 * if (reply.status === 'success') await fetch('/api/claim', { headers: { 'x-attestation': reply.token } })
 * ```
 */
export function attestation(input: AttestationInput, options?: CommandOptions): Promise<AttestationResult> {
  return runCommand(attestationDefinition, () => buildAttestationPayload(input), options)
}

/**
 * Every error {@link attestation} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type AttestationErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
