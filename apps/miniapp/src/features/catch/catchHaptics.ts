import type { Rarity } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import type { Celebration } from './catchMoment.js'

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
 * The pattern of a celebration, played when it shows: three pulses, which no
 * rarity has, so a player feels the day's goal or the streak apart from the
 * catch itself — a rising light-medium-heavy for a streak kept, a drum roll
 * ending in a success buzz for the goal met.
 *
 * @example
 * ```ts
 * celebrationHaptics.goalMet.length // 3
 * ```
 */
export const celebrationHaptics: Record<Celebration['kind'], readonly SendHapticFeedbackInput[]> = {
  goalMet: [
    { hapticsType: 'impact', style: 'medium' },
    { hapticsType: 'impact', style: 'medium' },
    { hapticsType: 'notification', style: 'success' },
  ],
  streakExtended: [
    { hapticsType: 'impact', style: 'light' },
    { hapticsType: 'impact', style: 'medium' },
    { hapticsType: 'impact', style: 'heavy' },
  ],
}

/**
 * Play `pattern` through `haptic`, starting after `startMs`, one pulse every
 * {@link CATCH_HAPTIC_STEP_MS}. Haptics are a nicety: a host without them
 * (a browser, an older World App) throws or rejects, and that is ignored.
 * Returns a function that cancels the pulses not yet played.
 *
 * @example
 * ```ts
 * useEffect(() => playHapticPattern(catchHaptics.epic, sendHapticFeedback), [])
 * ```
 */
export function playHapticPattern(pattern: readonly SendHapticFeedbackInput[], haptic: CatchHaptic, startMs = 0): () => void {
  const timers = pattern.map((input, index) =>
    setTimeout(
      () => {
        try {
          const result = haptic(input)
          if (result instanceof Promise) result.catch(() => {})
        } catch {}
      },
      startMs + index * CATCH_HAPTIC_STEP_MS,
    ),
  )
  return () => {
    for (const timer of timers) clearTimeout(timer)
  }
}
