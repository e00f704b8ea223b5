import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const chatInput = z.object({
  message: z.string("'message' must be a string").check(z.minLength(1, "'chat' command requires a non-empty message")),
  to: z.optional(z.array(z.string("'to' must list World App usernames or addresses"))),
})

/** Input and wire payload of {@link chat}: the message, and optionally who gets it (else the person picks a chat). */
export type ChatInput = z.infer<typeof chatInput>

const chatReply = replySchema({ version: z.number(), count: z.number(), timestamp: z.string() })

/** The host's final chat payload: how many chats the message went to, or the failure. */
export type ChatResult = ReplyOf<typeof chatReply>

/** @internal */
export const chatDefinition: CommandDefinition<ChatResult> = {
  command: 'chat',
  event: 'miniapp-chat',
  method: 'chat',
  reply: chatReply,
}

/** Validate chat input. @example buildChatPayload({ message: 'Meet at the flag?' }) */
export function buildChatPayload(input: ChatInput): ChatInput {
  return parseInput(chatInput, input, 'chat')
}

/**
 * Send a message through World Chat: to the given usernames or addresses,
 * or to the chat the person picks. Resolves with the host's reply.
 *
 * @example
 * ```ts
 * const reply = await chat({ message: 'I claimed the old mill, come and see', to: ['alice'] })
 * if (reply.status === 'success') console.log(`sent to ${reply.count} chats`)
 * ```
 */
export function chat(input: ChatInput, options?: CommandOptions): Promise<ChatResult> {
  return runCommand(chatDefinition, () => buildChatPayload(input), options)
}

/**
 * Every error {@link chat} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type ChatErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
