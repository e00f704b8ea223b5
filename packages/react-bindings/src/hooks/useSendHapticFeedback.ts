import {
  type CommandOptions,
  type SendHapticFeedbackInput,
  type SendHapticFeedbackResult,
  sendHapticFeedback,
} from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useSendHapticFeedback}: the command state plus `sendHapticFeedback` (alias `execute`). */
export type UseSendHapticFeedbackReturnType = UseCommandReturnType<
  'sendHapticFeedback',
  [input: SendHapticFeedbackInput, options?: CommandOptions],
  SendHapticFeedbackResult
>

/**
 * Play a haptic pattern on the device.
 *
 * `sendHapticFeedback(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function CollectButton({ onCollect }: { onCollect: () => Promise<void> }) {
 *   const { sendHapticFeedback } = useSendHapticFeedback()
 *   const collect = async () => {
 *     await onCollect()
 *     await sendHapticFeedback({ hapticsType: 'notification', style: 'success' })
 *   }
 *   return <button type="button" onClick={collect}>Collect</button>
 * }
 * ```
 */
export function useSendHapticFeedback(): UseSendHapticFeedbackReturnType {
  return useCommand(sendHapticFeedback, 'sendHapticFeedback')
}
