import { type SendHapticFeedbackInput, sendHapticFeedback as sendHapticFeedbackCommand } from '../commands/sendHapticFeedback.js'
import { SendHapticFeedbackError } from '../errors/commands/SendHapticFeedbackError.js'
import { asSent, replyCommand } from './replyCommand.js'

/**
 * Play a haptic pattern, the 2.x way: resolves with `{ executedWith, data }`
 * (data: World App's reply). Outside World App it runs your `fallback`, or
 * rejects with `CommandUnavailableError`; an error reply rejects with
 * {@link SendHapticFeedbackError}.
 *
 * @example
 * ```ts
 * await sendHapticFeedback({ hapticsType: 'notification', style: 'success' })
 * ```
 */
export const sendHapticFeedback = /* @__PURE__ */ replyCommand({
  command: 'send-haptic-feedback',
  run: (input: SendHapticFeedbackInput, { options }) => sendHapticFeedbackCommand(input, options),
  error: SendHapticFeedbackError,
  data: asSent,
})
