import { type RequestPermissionInput, requestPermission as requestPermissionCommand } from '../commands/requestPermission.js'
import { RequestPermissionError } from '../errors/commands/RequestPermissionError.js'
import { asSent, replyCommand } from './replyCommand.js'

/**
 * Ask the person for a permission, the 2.x way: resolves with
 * `{ executedWith, data }` (data: World App's reply). Outside World App it
 * runs your `fallback`, or rejects with `CommandUnavailableError`; an error
 * reply (declined, already granted …) rejects with {@link RequestPermissionError}.
 *
 * @example
 * ```ts
 * await requestPermission({ permission: Permission.Notifications })
 * ```
 */
export const requestPermission = /* @__PURE__ */ replyCommand({
  command: 'request-permission',
  run: (input: RequestPermissionInput, { options }) => requestPermissionCommand(input, options),
  error: RequestPermissionError,
  data: asSent,
})
