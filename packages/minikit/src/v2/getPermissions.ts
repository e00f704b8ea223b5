import { type GetPermissionsResult, getPermissions as getPermissionsCommand } from '../commands/getPermissions.js'
import { GetPermissionsError } from '../errors/commands/GetPermissionsError.js'
import { asSent, replyCommand, type SuccessOf, type V2CommandOptionalInput } from './replyCommand.js'

const command = /* @__PURE__ */ replyCommand({
  command: 'get-permissions',
  // get-permissions takes no input: only `fallback`.
  run: (_input: Record<never, never>, { options }) => getPermissionsCommand(options),
  error: GetPermissionsError,
  data: asSent,
})

/**
 * Read the permissions the person gave the mini app, the 2.x way: resolves
 * with `{ executedWith, data }` (data: World App's reply, with `permissions`).
 * Outside World App it runs your `fallback`, or rejects with
 * `CommandUnavailableError`; an error reply rejects with {@link GetPermissionsError}.
 *
 * @example
 * ```ts
 * const { data } = await getPermissions()
 * if (!data.permissions.notifications) showNotificationsHint()
 * ```
 */
export const getPermissions = command as V2CommandOptionalInput<Record<never, never>, SuccessOf<GetPermissionsResult>>
