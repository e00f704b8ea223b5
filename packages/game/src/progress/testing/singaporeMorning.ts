// The stored progress the progress views' tests start from: one fixed
// Singapore morning, so their expectations can be read off a calendar.
import type { Progress } from '../progressSchema.js'

export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const sg = 'Asia/Singapore'
/** 2026-11-24 09:00 in Singapore. */
export const morning = Date.UTC(2026, 10, 24, 1)
/** Two finds this morning on a 5-day streak (best 7), in Singapore for the last ten days. */
export const stored: Progress = {
  timeZone: sg,
  day: '2026-11-24',
  today: 2,
  streak: 5,
  best: 7,
  updatedAt: morning,
  timeZoneSince: morning - 10 * DAY,
}
