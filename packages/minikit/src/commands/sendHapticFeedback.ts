import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const hapticInput = z.discriminatedUnion(
  'hapticsType',
  [
    z.object({ hapticsType: z.literal('notification'), style: z.enum(['error', 'success', 'warning']) }),
    z.object({ hapticsType: z.literal('selection-changed'), style: z.optional(z.undefined()) }),
    z.object({ hapticsType: z.literal('impact'), style: z.enum(['light', 'medium', 'heavy']) }),
  ],
  { error: "'hapticsType' must be notification, selection-changed or impact with a matching style" },
)

/** Input and wire payload of {@link sendHapticFeedback}. */
export type SendHapticFeedbackInput = z.infer<typeof hapticInput>

const hapticReply = replySchema({ version: z.number(), timestamp: z.optional(z.string()) })

/** The host's final send-haptic-feedback payload. */
export type SendHapticFeedbackResult = ReplyOf<typeof hapticReply>

/** @internal */
export const sendHapticFeedbackDefinition: CommandDefinition<SendHapticFeedbackResult> = {
  command: 'send-haptic-feedback',
  event: 'miniapp-send-haptic-feedback',
  method: 'sendHapticFeedback',
  reply: hapticReply,
}

/** Validate haptic input. @example buildSendHapticFeedbackPayload({ hapticsType: 'impact', style: 'light' }) */
export function buildSendHapticFeedbackPayload(input: SendHapticFeedbackInput): SendHapticFeedbackInput {
  return parseInput(hapticInput, input, 'send-haptic-feedback')
}

/**
 * Play a haptic pattern on the device.
 *
 * @example
 * ```ts
 * await sendHapticFeedback({ hapticsType: 'notification', style: 'success' })
 * ```
 */
export function sendHapticFeedback(input: SendHapticFeedbackInput, options?: CommandOptions): Promise<SendHapticFeedbackResult> {
  return runCommand(sendHapticFeedbackDefinition, () => buildSendHapticFeedbackPayload(input), options)
}

/**
 * Every error {@link sendHapticFeedback} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type SendHapticFeedbackErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
