import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

/** Permissions a mini app can ask the host for. */
export const Permission = {
  Notifications: 'notifications',
  Contacts: 'contacts',
  Microphone: 'microphone',
} as const
export type Permission = (typeof Permission)[keyof typeof Permission]

const requestPermissionInput = z.object({
  permission: z.enum(['notifications', 'contacts', 'microphone'], "'permission' must be notifications, contacts or microphone"),
})

/** Input and wire payload of {@link requestPermission}. */
export type RequestPermissionInput = z.infer<typeof requestPermissionInput>

const requestPermissionReply = replySchema({
  permission: z.string(),
  timestamp: z.optional(z.string()),
  version: z.number(),
})

/** The host's final request-permission payload. */
export type RequestPermissionResult = ReplyOf<typeof requestPermissionReply>

/** @internal */
export const requestPermissionDefinition: CommandDefinition<RequestPermissionResult> = {
  command: 'request-permission',
  event: 'miniapp-request-permission',
  method: 'requestPermission',
  reply: requestPermissionReply,
}

/** Validate request-permission input. @example buildRequestPermissionPayload({ permission: 'contacts' }) */
export function buildRequestPermissionPayload(input: RequestPermissionInput): RequestPermissionInput {
  return parseInput(requestPermissionInput, input, 'request-permission')
}

/**
 * Ask the user, through the host, to grant a permission.
 *
 * @example
 * ```ts
 * const result = await requestPermission({ permission: 'notifications' })
 * if (result.status === 'error' && result.error_code === 'already_granted') console.log('already on')
 * ```
 */
export function requestPermission(input: RequestPermissionInput, options?: CommandOptions): Promise<RequestPermissionResult> {
  return runCommand(requestPermissionDefinition, () => buildRequestPermissionPayload(input), options)
}

/**
 * Every error {@link requestPermission} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type RequestPermissionErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
