import * as z from 'zod/mini'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const getPermissionsReply = replySchema({
  permissions: z.looseObject({
    notifications: z.optional(z.boolean()),
    contacts: z.optional(z.boolean()),
    microphone: z.optional(z.boolean()),
  }),
  version: z.number(),
  timestamp: z.optional(z.string()),
})

/** The host's final get-permissions payload. */
export type GetPermissionsResult = ReplyOf<typeof getPermissionsReply>

/** @internal */
export const getPermissionsDefinition: CommandDefinition<GetPermissionsResult> = {
  command: 'get-permissions',
  event: 'miniapp-get-permissions',
  method: 'getPermissions',
  reply: getPermissionsReply,
}

/**
 * Read which host permissions the user granted this mini app.
 *
 * @example
 * ```ts
 * const result = await getPermissions()
 * if (result.status === 'success' && !result.permissions.notifications) await requestPermission({ permission: 'notifications' })
 * ```
 */
export function getPermissions(options?: CommandOptions): Promise<GetPermissionsResult> {
  return runCommand(getPermissionsDefinition, () => ({}), options)
}

/**
 * Every error {@link getPermissions} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type GetPermissionsErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
