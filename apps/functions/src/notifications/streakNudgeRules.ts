import { canonicalTimeZone, localClockOf, localDayOf, type Progress, viewProgress } from '@worldmap/game'

/**
 * When a streak-at-risk nudge may go out, in the player's local time: the
 * evening (18:00–21:59), never in the quiet hours (22:00–07:59), aimed at
 * 19:00 ({@link NUDGE_RULES}.targetHour), at most one per local day and never
 * two within 20 h (a player changing zones gets no second one).
 */
export const NUDGE_RULES = {
  eveningStartHour: 18,
  /** Exclusive: the quiet hours start here. */
  eveningEndHour: 22,
  quietStartHour: 22,
  /** Exclusive: the quiet hours end here. */
  quietEndHour: 8,
  targetHour: 19,
  minGapMs: 20 * 60 * 60 * 1000,
} as const

/** Why a player gets no nudge on a run. */
export type NudgeSkipReason =
  /** World App has not granted WorldMap notifications (as the app last told the server). */
  | 'no_permission'
  /** The player switched streak reminders off in the profile. */
  | 'opted_out'
  /** No find ever: no streak to save. */
  | 'no_streak'
  /** Today already has a find: the streak is safe. */
  | 'kept_today'
  /** 22:00–07:59 in the player's zone. */
  | 'quiet_hours'
  /** Awake, but not yet (or no longer) evening: 08:00–17:59. */
  | 'not_evening'
  /** A nudge already went out this local day, or less than 20 h ago. */
  | 'already_sent'

/** A player as a run sees them. */
export interface NudgeCandidate {
  /** What the app last told the server: World App allows notifications. */
  granted: boolean
  optedOut: boolean
  /** `/profiles/{uid}/progress`; `null` before the first find. */
  progress: Progress | null
  /** The last nudge recorded for the player (`/notifications/sent/{uid}`), if any. */
  lastSent: { day: string; at: number } | null
}

/** What {@link decideStreakNudge} decided. */
export type NudgeDecision =
  | { send: true; day: string; streak: number; timeZone: string }
  | { send: false; reason: NudgeSkipReason }

/**
 * Whether `candidate` gets a streak-at-risk nudge at `now`: notifications
 * granted and not opted out; a streak alive (a find yesterday, in the stored
 * zone, as `viewProgress` counts it) with no find yet today; the local clock
 * in the evening (never the quiet hours); nothing sent this local day nor in
 * the last 20 h. Pure: the run calls it again inside the per-player claim.
 *
 * @example
 * ```ts
 * decideStreakNudge({ granted: true, optedOut: false, progress, lastSent: null }, Date.now())
 * // { send: true, day: '2026-11-26', streak: 5, timeZone: 'Asia/Singapore' }
 * ```
 */
export function decideStreakNudge(candidate: NudgeCandidate, now: number): NudgeDecision {
  if (!candidate.granted) return { send: false, reason: 'no_permission' }
  if (candidate.optedOut) return { send: false, reason: 'opted_out' }
  const { progress } = candidate
  if (progress === null) return { send: false, reason: 'no_streak' }
  const timeZone = canonicalTimeZone(progress.timeZone) ?? 'UTC'
  const view = viewProgress(progress, now, timeZone)
  if (view.streak === 0) return { send: false, reason: 'no_streak' }
  if (view.keptToday) return { send: false, reason: 'kept_today' }
  const { hour } = localClockOf(now, timeZone)
  if (isQuietHour(hour)) return { send: false, reason: 'quiet_hours' }
  if (hour < NUDGE_RULES.eveningStartHour) return { send: false, reason: 'not_evening' }
  const day = localDayOf(now, timeZone)
  if (wasSentRecently(candidate.lastSent, day, now)) return { send: false, reason: 'already_sent' }
  return { send: true, day, streak: view.streak, timeZone }
}

/**
 * Whether a nudge recorded as `lastSent` rules out another on local `day` at
 * `now`: the same local day, or less than {@link NUDGE_RULES}.minGapMs ago.
 *
 * @example
 * ```ts
 * wasSentRecently({ day: '2026-11-26', at }, '2026-11-26', now) // true
 * ```
 */
export function wasSentRecently(lastSent: { day: string; at: number } | null, day: string, now: number): boolean {
  if (lastSent === null) return false
  return lastSent.day === day || now - lastSent.at < NUDGE_RULES.minGapMs
}

/**
 * Whether a player belongs in the send index, the only players a run reads:
 * notifications granted, reminders on, and a streak alive to save (a find
 * today or yesterday in the stored zone, as `viewProgress` counts it). A
 * player with no find ever has nothing to be reminded of — every unverified
 * account among them, since only a verified human collects — so a crowd of
 * fresh wallets that says "granted" is remembered but never filed, and costs
 * the run nothing. A streak that lapses takes the player out (the run does
 * it); the find that starts the next one files them again (`fileStreakStart`).
 *
 * @example
 * ```ts
 * isRemindable({ granted: true, optedOut: false }, progressOn('2026-11-25', 5), Date.UTC(2026, 10, 26, 11)) // true
 * isRemindable({ granted: true, optedOut: false }, null, Date.now()) // false: no streak
 * ```
 */
export function isRemindable(player: { granted: boolean; optedOut: boolean }, progress: Progress | null, now: number): boolean {
  if (!player.granted || player.optedOut || progress === null) return false
  return viewProgress(progress, now, progressZoneOf(progress)).streak > 0
}

/**
 * The send slot of a player with progress: {@link sendSlotOf} their stored
 * zone (the zone their days are counted in; UTC when it is not a known zone).
 *
 * @example
 * ```ts
 * remindSlotOf(progressOn('2026-11-25', 5, 'Asia/Jakarta'), Date.now()) // 12
 * ```
 */
export function remindSlotOf(progress: Progress, now: number): number {
  return sendSlotOf(progressZoneOf(progress), now)
}

const progressZoneOf = (progress: Progress): string => canonicalTimeZone(progress.timeZone) ?? 'UTC'

/**
 * 22:00–07:59: nobody is nudged then, whatever a late run would like.
 *
 * @example
 * ```ts
 * isQuietHour(23) // true
 * ```
 */
export function isQuietHour(hour: number): boolean {
  return hour >= NUDGE_RULES.quietStartHour || hour < NUDGE_RULES.quietEndHour
}

/**
 * The send slot of a zone: the UTC hour (0–23) in which its clock reaches
 * {@link NUDGE_RULES}.targetHour (19:00) on the day of `now`. The run of UTC
 * hour H reads only the players of slot H (and of the two before, to catch up
 * a missed run), so it never scans everyone. Half- and quarter-hour zones land
 * in the hour that starts before their 19:00 (Asia/Kolkata: 13:30 UTC → slot
 * 13, a run at 18:30 local). Daylight saving moves a zone's slot: the run
 * re-files a player it finds in the wrong slot.
 *
 * @throws {InvalidTimeZoneError} `timeZone` is not a known zone.
 * @example
 * ```ts
 * sendSlotOf('Asia/Singapore', Date.now()) // 11 (19:00 at UTC+8 is 11:00 UTC)
 * ```
 */
export function sendSlotOf(timeZone: string, now: number): number {
  const { offsetMinutes } = localClockOf(now, timeZone)
  const minutes = (((NUDGE_RULES.targetHour * 60 - offsetMinutes) % 1440) + 1440) % 1440
  return Math.floor(minutes / 60)
}
