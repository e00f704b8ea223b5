import { useT } from '../../lib/i18n/index.js'
import { FlameIcon } from '../progress/FlameIcon.js'
import { ProgressRing } from '../progress/ProgressRing.js'
import type { CatchMoment } from './catchMoment.js'

/** Props of {@link CatchReward}. */
export interface CatchRewardProps {
  moment: CatchMoment
  /** The ring shows the new count (before: the count before this find). */
  ringFilled: boolean
  /** The celebration's words are in (announced through the status line). */
  celebrating: boolean
}

/**
 * The reward half of the reveal: the points the find earned, the day's goal
 * ring filling from the count before it to the count with it, and the
 * celebration line. The line is a `role="status"` region present from the
 * start, so words put into it later are announced without taking focus
 * from Continue.
 *
 * @example
 * ```tsx
 * <CatchReward moment={catchMomentOf(reply.points, reply.progress)} ringFilled celebrating={false} />
 * ```
 */
export function CatchReward({ moment, ringFilled, celebrating }: CatchRewardProps) {
  const t = useT()
  const { points, ring, celebration } = moment
  const shown = ring ? (ringFilled ? ring.to : ring.from) : 0
  const goalText = ring ? t('progress.goal', { count: ring.goal, today: shown }) : ''
  const celebrationText =
    celebrating && celebration
      ? t(celebration.kind === 'goalMet' ? 'catch.goalMet' : 'catch.streakExtended', { count: celebration.streak })
      : ''
  return (
    <>
      {(ring || points !== null) && (
        <div className="catch-reward" data-testid="catch-reward">
          {ring && <ProgressRing value={shown} max={ring.goal} valueText={goalText} size={56} />}
          <div className="catch-reward-text">
            {points !== null && (
              <p className="catch-reward-points" data-testid="catch-points">
                {t('catch.points', { count: points })}
              </p>
            )}
            {ring && (
              <p className="catch-reward-goal" data-testid="catch-goal">
                {goalText}
              </p>
            )}
          </div>
        </div>
      )}
      <p
        className="catch-celebration"
        role="status"
        data-kind={celebrating ? celebration?.kind : undefined}
        data-testid="catch-celebration"
      >
        {celebrationText && (
          <>
            <FlameIcon size={22} />
            <span>{celebrationText}</span>
          </>
        )}
      </p>
    </>
  )
}
