import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { useCallback } from 'react'

/**
 * A notification haptic (`success` or `error`) that never throws nor
 * rejects: outside World App the command is unavailable, and a missing buzz
 * must never break collecting.
 *
 * @example
 * ```tsx
 * const haptic = useNotificationHaptic(sendHapticFeedback)
 * haptic('success')
 * ```
 */
export function useNotificationHaptic(
  haptics: (input: SendHapticFeedbackInput) => Promise<unknown>,
): (style: 'success' | 'error') => void {
  return useCallback(
    (style: 'success' | 'error') => {
      try {
        haptics({ hapticsType: 'notification', style }).catch(() => {})
      } catch {}
    },
    [haptics],
  )
}
