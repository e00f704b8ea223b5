import { type ShareInput, shareOn } from '../commands/share.js'
import { ShareError } from '../errors/commands/ShareError.js'
import { state } from '../state.js'
import { asSent, replyCommand } from './replyCommand.js'

/**
 * Open the share sheet, the 2.x way: resolves with `{ executedWith, data }`
 * (data: `shared_files_count` and `timestamp`). Outside World App it runs
 * your `fallback` (say, the browser's own `navigator.share`), or rejects with
 * `CommandUnavailableError`; a closed or failed sheet rejects with {@link ShareError}.
 *
 * @example
 * ```ts
 * await share({ title: 'WorldMap', text: 'I found a golden compass!', url: location.origin })
 * ```
 */
export const share = /* @__PURE__ */ replyCommand({
  command: 'share',
  // Official 2.x picks the iOS sheet from `ctx.state.deviceProperties.deviceOS`.
  readsState: true,
  run: (input: ShareInput, { options, device }) =>
    shareOn(device ? device.deviceOS : state.deviceProperties.deviceOS, input, options),
  error: ShareError,
  data: asSent,
})
