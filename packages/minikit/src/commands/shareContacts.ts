import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const shareContactsInput = z.object({
  isMultiSelectEnabled: z.boolean("'isMultiSelectEnabled' must be a boolean"),
  inviteMessage: z.optional(z.string("'inviteMessage' must be a string")),
})

/** Input and wire payload of {@link shareContacts}. */
export type ShareContactsInput = z.infer<typeof shareContactsInput>

const shareContactsReply = replySchema({
  contacts: z.array(
    z.looseObject({ username: z.string(), walletAddress: z.string(), profilePictureUrl: z.nullable(z.optional(z.string())) }),
  ),
  version: z.number(),
  timestamp: z.optional(z.string()),
})

/** The host's final share-contacts payload. */
export type ShareContactsResult = ReplyOf<typeof shareContactsReply>

/** @internal */
export const shareContactsDefinition: CommandDefinition<ShareContactsResult> = {
  command: 'share-contacts',
  event: 'miniapp-share-contacts',
  method: 'shareContacts',
  reply: shareContactsReply,
}

/** Validate share-contacts input. @example buildShareContactsPayload({ isMultiSelectEnabled: true }) */
export function buildShareContactsPayload(input: ShareContactsInput): ShareContactsInput {
  return parseInput(shareContactsInput, input, 'share-contacts')
}

/**
 * Let the user pick contacts to share with the mini app.
 *
 * @example
 * ```ts
 * const result = await shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Join me on WorldMap' })
 * ```
 */
export function shareContacts(input: ShareContactsInput, options?: CommandOptions): Promise<ShareContactsResult> {
  return runCommand(shareContactsDefinition, () => buildShareContactsPayload(input), options)
}

/**
 * Every error {@link shareContacts} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type ShareContactsErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
