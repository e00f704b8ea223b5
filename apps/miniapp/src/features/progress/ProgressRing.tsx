import { useT } from '../../lib/i18n/index.js'
import './progressRing.css'

/** Props of {@link ProgressRing}. */
export interface ProgressRingProps {
  /** Finds so far (may pass `max`: the ring stays full). */
  value: number
  /** The goal. */
  max: number
  /** The sentence a screen reader hears, e.g. `2 of 3 finds today`. */
  valueText: string
  /** Pixel size of the square ring. @default 64 */
  size?: number
}

const STROKE = 7

/**
 * A round progress meter drawn in SVG, `role="progressbar"` with the value
 * in words. It fills with a short transition, none under
 * `prefers-reduced-motion` (progress.css).
 *
 * @example
 * ```tsx
 * <ProgressRing value={2} max={3} valueText="2 of 3 finds today" />
 * ```
 */
export function ProgressRing({ value, max, valueText, size = 64 }: ProgressRingProps) {
  const t = useT()
  const radius = (size - STROKE) / 2
  const circumference = 2 * Math.PI * radius
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <div
      className="progress-ring"
      role="progressbar"
      aria-label={t('progress.ring')}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      data-complete={share === 1}
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle className="progress-ring-track" cx={size / 2} cy={size / 2} r={radius} strokeWidth={STROKE} fill="none" />
        <circle
          className="progress-ring-fill"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          strokeWidth={STROKE}
          fill="none"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className="progress-ring-label" aria-hidden="true">
        {Math.min(value, 99)}/{max}
      </span>
    </div>
  )
}
