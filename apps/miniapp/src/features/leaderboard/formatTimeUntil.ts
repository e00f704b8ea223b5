import type { Translate } from '../../lib/i18n/index.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long until a moment, in the largest whole unit, for "Resets … · in 2
 * days", in the language of `t`. Always rounded down (2 days 23 hours is
 * "in 2 days"): the board never resets earlier than it said. `null` once the
 * moment has passed.
 *
 * @example
 * ```ts
 * formatTimeUntil(2.5 * 86_400_000, t) // 'in 2 days' ('en 2 días' in Spanish)
 * formatTimeUntil(90 * 60_000, t)      // 'in 1 hour'
 * formatTimeUntil(30_000, t)           // 'in under a minute'
 * formatTimeUntil(0, t)                // null
 * ```
 */
export function formatTimeUntil(ms: number, t: Translate): string | null {
  if (!Number.isFinite(ms) || ms <= 0) return null
  if (ms >= DAY) return t('leaderboard.inDays', { count: Math.floor(ms / DAY) })
  if (ms >= HOUR) return t('leaderboard.inHours', { count: Math.floor(ms / HOUR) })
  if (ms >= MINUTE) return t('leaderboard.inMinutes', { count: Math.floor(ms / MINUTE) })
  return t('leaderboard.inUnderMinute')
}
