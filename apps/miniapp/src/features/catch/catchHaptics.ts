import type { Rarity } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'

/** Plays one haptic pulse; `sendHapticFeedback` from `@worldmap/minikit` in the app. */
export type CatchHaptic = (input: SendHapticFeedbackInput) => unknown

/** Time between the pulses of one pattern: far enough apart to feel as separate taps. */
export const CATCH_HAPTIC_STEP_MS = 180

/**
 * The haptic pattern of a catch, by rarity: a light tap for the everyday
 * finds, rising to a success buzz and a heavy thump for a legendary — the
 * hand knows what was found before the eyes do.
 *
 * @example
 * ```ts
 * catchHaptics.legendary // [{ hapticsType: 'notification', style: 'success' }, { hapticsType: 'impact', style: 'heavy' }]
 * ```
 */
export const catchHaptics: Record<Rarity, readonly SendHapticFeedbackInput[]> = {
  common: [{ hapticsType: 'impact', style: 'light' }],
  // A double tap: more than common, still below the rare's firmer pulse.
  uncommon: [
    { hapticsType: 'impact', style: 'light' },
    { hapticsType: 'impact', style: 'light' },
  ],
  rare: [{ hapticsType: 'impact', style: 'medium' }],
  epic: [{ hapticsType: 'impact', style: 'heavy' }],
  legendary: [
    { hapticsType: 'notification', style: 'success' },
    { hapticsType: 'impact', style: 'heavy' },
  ],
}

/**
 * Play a rarity's pattern through `haptic`, one pulse every
 * {@link CATCH_HAPTIC_STEP_MS}. Haptics are a nicety: a host without them
 * (a browser, an older World App) throws or rejects, and that is ignored.
 * Returns a function that cancels the pulses not yet played.
 *
 * @example
 * ```ts
 * useEffect(() => playCatchHaptics('epic', sendHapticFeedback), [])
 * ```
 */
export function playCatchHaptics(rarity: Rarity, haptic: CatchHaptic): () => void {
  const timers = catchHaptics[rarity].map((input, index) =>
    setTimeout(() => {
      try {
        const result = haptic(input)
        if (result instanceof Promise) result.catch(() => {})
      } catch {}
    }, index * CATCH_HAPTIC_STEP_MS),
  )
  return () => {
    for (const timer of timers) clearTimeout(timer)
  }
}
