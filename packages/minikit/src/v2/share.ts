import { type ShareInput, share as shareCommand } from '../commands/share.js'
import { ShareError } from '../errors/commands/ShareError.js'
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
  run: (input: ShareInput) => shareCommand(input),
  error: ShareError,
  data: asSent,
})
