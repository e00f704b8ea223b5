import { viewProgress, viewStreakBreak } from '@worldmap/game'
import { useId } from 'react'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { useT } from '../../lib/i18n/index.js'
import { describeProgress } from './describeProgress.js'
import { FlameIcon } from './FlameIcon.js'
import { getDeviceTimeZone } from './getDeviceTimeZone.js'
import { ProgressRing } from './ProgressRing.js'
import { useClock } from './useClock.js'
import { useProgress } from './useProgress.js'
import './progress.css'
import { gameNow } from '../../lib/clock/gameClock.js'

/** Props of {@link ProgressCard}. */
export interface ProgressCardProps {
  /** The signed-in player. */
  uid: string
  /** Database listener; the app passes its Firebase one. */
  watch: WatchValue
  /** The clock that decides what "today" is. @default the game clock (server time) */
  now?: () => number
  /** The zone to count days in when the record names none. @default the device's */
  timeZone?: string
}

// The day can turn while home is open; once a minute is enough to notice.
const CLOCK_MS = 60_000

/**
 * Home's daily card: today's finds toward the daily goal (a ring and
 * "2 of 3 finds today"), the day streak with a nudge when it is alive but
 * today has no find yet, what a missed day ended ("Your 5-day streak ended")
 * with the one step to start again, and the best streak — live from the server-kept
 * `/profiles/{uid}/progress`, seen through the game's `viewProgress` in the
 * zone the server counted in (the record's, else the device's).
 *
 * @example
 * ```tsx
 * <ProgressCard uid={user.uid} watch={watchFirebaseValue} />
 * ```
 */
export function ProgressCard({ uid, watch, now = gameNow, timeZone }: ProgressCardProps) {
  const t = useT()
  const titleId = useId()
  const state = useProgress(uid, watch)
  const at = useClock(now, CLOCK_MS)

  if (state.status === 'error') {
    return (
      <section className="card card-column progress-card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card-title">
          {t('progress.title')}
        </h2>
        <p className="card-sub" role="alert">
          {t('progress.loadFailed')}
        </p>
      </section>
    )
  }

  const progress = state.status === 'ready' ? state.progress : null
  const zone = progress?.timeZone ?? timeZone ?? getDeviceTimeZone()
  const view = viewProgress(progress, at, zone)
  const lost = viewStreakBreak(progress, at, zone)
  const words = describeProgress(view, lost, t)
  const loading = state.status === 'loading'

  return (
    <section
      className="card card-column progress-card"
      aria-labelledby={titleId}
      aria-busy={loading}
      data-testid="progress-card"
      data-loading={loading || undefined}
    >
      <h2 id={titleId} className="card-title">
        {t('progress.title')}
      </h2>
      <div className="progress-goal">
        <ProgressRing value={view.today} max={view.goal} valueText={loading ? t('progress.loading') : words.goal} />
        <div className="progress-text">
          <p className="progress-line" data-testid="progress-goal">
            {loading ? '–' : words.goal}
          </p>
          <p className="card-sub progress-hint">{loading ? '' : words.goalHint}</p>
        </div>
      </div>
      <div
        className="progress-streak"
        data-streak-alive={view.streak > 0}
        data-kept-today={view.keptToday}
        data-streak-ended={(!loading && lost !== null) || undefined}
      >
        <span className="progress-flame">
          <FlameIcon size={36} />
        </span>
        <div className="progress-text">
          <p className="progress-line" data-testid="progress-streak">
            {loading ? '–' : words.streak}
          </p>
          {loading ? null : (
            <p className={(view.streak > 0 && !view.keptToday) || lost ? 'progress-nudge' : 'card-sub progress-hint'}>
              {words.streakHint}
            </p>
          )}
          {!loading && words.best ? (
            <p className="progress-best" data-testid="progress-best">
              {words.best}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  )
}
