import type { ProgressView } from '@worldmap/game'

/** The words of the home screen's progress card. */
export interface ProgressWords {
  /** `2 of 3 finds today`; `4 finds today` once past the goal. */
  goal: string
  /** What to do next for the goal, or that it is met. */
  goalHint: string
  /** `5-day streak`, or that there is none. */
  streak: string
  /** The nudge: keep it today, kept, or how to start one. */
  streakHint: string
  /** `Best: 7 days`; `null` before the first streak. */
  best: string | null
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

/**
 * The progress card's sentences for a {@link ProgressView}. A streak whose
 * last find was yesterday is alive but at risk: it asks for a find today
 * rather than celebrating, which is the reason to open the app.
 *
 * @example
 * ```ts
 * describeProgress({ today: 0, goal: 3, goalMet: false, streak: 5, best: 7, keptToday: false })
 * // { goal: '0 of 3 finds today', …, streak: '5-day streak', streakHint: 'Find one today to keep it', best: 'Best: 7 days' }
 * ```
 */
export function describeProgress(view: ProgressView): ProgressWords {
  const { today, goal, goalMet, streak, best, keptToday } = view
  return {
    goal: today > goal ? `${today} finds today` : `${today} of ${goal} finds today`,
    goalHint: goalMet
      ? 'Daily goal met. Nice work!'
      : today === 0
        ? `Collect ${goal} drops today to reach your daily goal.`
        : `${goal - today} more to reach today's goal.`,
    streak: streak > 0 ? `${streak}-day streak` : best > 0 ? 'No streak right now' : 'No streak yet',
    streakHint:
      streak > 0
        ? keptToday
          ? 'Kept today. Come back tomorrow.'
          : 'Find one today to keep it'
        : best > 0
          ? 'Find a drop today to start a new one.'
          : 'Find a drop each day to build one.',
    best: best > 0 ? `Best: ${days(best)}` : null,
  }
}
