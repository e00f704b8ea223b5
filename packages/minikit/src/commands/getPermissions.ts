import * as z from 'zod/mini'
import { replySchema } from '../schemas/replySchema.js'
import type { CommandDefinition } from '../support/CommandDefinition.js'
import { runCommand } from '../support/runCommand.js'
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
export type GetPermissionsResult = z.infer<typeof getPermissionsReply>

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
