import { viewProgress } from '@worldmap/game'
import { useId } from 'react'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { describeProgress } from './describeProgress.js'
import { FlameIcon } from './FlameIcon.js'
import { getDeviceTimeZone } from './getDeviceTimeZone.js'
import { ProgressRing } from './ProgressRing.js'
import { useClock } from './useClock.js'
import { useProgress } from './useProgress.js'
import './progress.css'

/** Props of {@link ProgressCard}. */
export interface ProgressCardProps {
  /** The signed-in player. */
  uid: string
  /** Database listener; the app passes its Firebase one. */
  watch: WatchValue
  /** The clock that decides what "today" is. @default Date.now */
  now?: () => number
  /** The zone to count days in when the record names none. @default the device's */
  timeZone?: string
}

// The day can turn while home is open; once a minute is enough to notice.
const CLOCK_MS = 60_000

/**
 * Home's daily card: today's finds toward the daily goal (a ring and
 * "2 of 3 finds today"), the day streak with a nudge when it is alive but
 * today has no find yet, and the best streak — live from the server-kept
 * `/profiles/{uid}/progress`, seen through the game's `viewProgress` in the
 * zone the server counted in (the record's, else the device's).
 *
 * @example
 * ```tsx
 * <ProgressCard uid={user.uid} watch={watchFirebaseValue} />
 * ```
 */
export function ProgressCard({ uid, watch, now = Date.now, timeZone }: ProgressCardProps) {
  const titleId = useId()
  const state = useProgress(uid, watch)
  const at = useClock(now, CLOCK_MS)

  if (state.status === 'error') {
    return (
      <section className="card card-column progress-card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card-title">
          Today's progress
        </h2>
        <p className="card-sub" role="alert">
          Your progress could not be loaded.
        </p>
      </section>
    )
  }

  const progress = state.status === 'ready' ? state.progress : null
  const view = viewProgress(progress, at, progress?.timeZone ?? timeZone ?? getDeviceTimeZone())
  const words = describeProgress(view)
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
        Today's progress
      </h2>
      <div className="progress-goal">
        <ProgressRing value={view.today} max={view.goal} valueText={loading ? 'Loading' : words.goal} />
        <div className="progress-text">
          <p className="progress-line" data-testid="progress-goal">
            {loading ? '–' : words.goal}
          </p>
          <p className="card-sub progress-hint">{loading ? '' : words.goalHint}</p>
        </div>
      </div>
      <div className="progress-streak" data-streak-alive={view.streak > 0} data-kept-today={view.keptToday}>
        <span className="progress-flame">
          <FlameIcon size={36} />
        </span>
        <div className="progress-text">
          <p className="progress-line" data-testid="progress-streak">
            {loading ? '–' : words.streak}
          </p>
          {loading ? null : (
            <p className={view.streak > 0 && !view.keptToday ? 'progress-nudge' : 'card-sub progress-hint'}>{words.streakHint}</p>
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
