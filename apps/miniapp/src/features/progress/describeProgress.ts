import type { ProgressView, StreakBreak } from '@worldmap/game'
import type { Translate } from '../../lib/i18n/index.js'

/** The words of the home screen's progress card. */
export interface ProgressWords {
  /** `2 of 3 finds today`; `4 finds today` once past the goal. */
  goal: string
  /** What to do next for the goal, or that it is met. */
  goalHint: string
  /** `5-day streak`, that one ended (`Your 5-day streak ended`), or that there is none. */
  streak: string
  /** The nudge: keep it today, kept, or how to start one (again). */
  streakHint: string
  /** `Best: 7 days`; `null` before the first streak. */
  best: string | null
}

/**
 * The progress card's sentences for a {@link ProgressView}, in the active
 * language. A streak whose last find was yesterday is alive but at risk: it
 * asks for a find today rather than celebrating, which is the reason to open
 * the app. A streak a missed day ended (`lost`, `viewStreakBreak`) says what
 * was lost and the one step to start again, instead of a bare "no streak".
 *
 * @example
 * ```ts
 * describeProgress({ today: 0, goal: 3, goalMet: false, streak: 5, best: 7, keptToday: false }, null, t)
 * // { goal: '0 of 3 finds today', …, streak: '5-day streak', streakHint: 'Find one today to keep it', best: 'Best: 7 days' }
 * ```
 */
export function describeProgress(view: ProgressView, lost: StreakBreak | null, t: Translate): ProgressWords {
  const { today, goal, goalMet, best } = view
  return {
    goal: today > goal ? t('progress.pastGoal', { count: today }) : t('progress.goal', { count: goal, today }),
    goalHint: goalMet
      ? t('progress.goalMet')
      : today === 0
        ? t('progress.goalStart', { count: goal })
        : t('progress.goalLeft', { count: goal - today }),
    ...describeStreak(view, lost, t),
    best: best > 0 ? t('progress.best', { count: best }) : null,
  }
}

function describeStreak({ streak, best, keptToday }: ProgressView, lost: StreakBreak | null, t: Translate) {
  if (streak > 0) {
    return {
      streak: t('progress.streak', { count: streak }),
      streakHint: t(keptToday ? 'progress.keptToday' : 'progress.keepIt'),
    }
  }
  // One find restarts a streak, whatever the daily goal.
  if (lost) return { streak: t('progress.streakEnded', { count: lost.streak }), streakHint: t('progress.restart', { count: 1 }) }
  return best > 0
    ? { streak: t('progress.noStreakNow'), streakHint: t('progress.startNew') }
    : { streak: t('progress.noStreakYet'), streakHint: t('progress.build') }
}
