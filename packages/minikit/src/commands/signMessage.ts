import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const signMessageInput = z.object({ message: z.string("'message' must be a string") })

/** Input and wire payload of {@link signMessage}. */
export type SignMessageInput = z.infer<typeof signMessageInput>

const signatureReply = replySchema({ signature: z.string(), address: z.string(), version: z.number() })

/** The host's final sign-message payload. */
export type SignMessageResult = ReplyOf<typeof signatureReply>

/** @internal */
export const signMessageDefinition: CommandDefinition<SignMessageResult> = {
  command: 'sign-message',
  event: 'miniapp-sign-message',
  method: 'signMessage',
  reply: signatureReply,
}

/** Validate sign-message input. @example buildSignMessagePayload({ message: 'hello' }) */
export function buildSignMessagePayload(input: SignMessageInput): SignMessageInput {
  return parseInput(signMessageInput, input, 'sign-message')
}

/**
 * Ask the wallet for an EIP-191 personal signature.
 *
 * @example
 * ```ts
 * const result = await signMessage({ message: 'I found a golden drop' })
 * if (result.status === 'success') console.log(result.signature)
 * ```
 */
export function signMessage(input: SignMessageInput, options?: CommandOptions): Promise<SignMessageResult> {
  return runCommand(signMessageDefinition, () => buildSignMessagePayload(input), options)
}

/**
 * Every error {@link signMessage} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type SignMessageErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
