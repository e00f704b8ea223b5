import { canonicalTimeZone, databasePaths, isValidTimeZone, type Progress, progressSchema } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import * as z from 'zod'
import { RateLimitedError } from '../refusals/RateLimitedError.js'
import { takeCrowdToken } from '../spawning/takeCrowdToken.js'
import { notificationPaths } from './notificationPaths.js'
import { isRemindable, remindSlotOf } from './streakNudgeRules.js'

/**
 * The sync's per-account limit: at most `changes` syncs that change something
 * per `windowMs`. A player's app changes it a few times a day (the permission
 * granted or revoked, the switch flipped, a new zone); a scripted account
 * flipping it, or hopping zones, is refused after this many and costs no
 * more writes. A sync that changes nothing is not counted (it writes nothing).
 */
export const NOTIFICATION_SYNC_LIMIT = { windowMs: 60 * 60_000, changes: 10 } as const

/** What the app says: World App's notification permission as it reads it now, and the profile switch when touched. */
export interface SyncNotificationsInput {
  granted: boolean
  /** `undefined`: keep what the server has (the app read the permission; the player did not touch the switch). */
  optedOut?: boolean | undefined
  /** The device's zone, used only until the player's progress has one. */
  timeZone?: string | undefined
}

/** The player's state after a sync. */
export interface NotificationState {
  /** Granted and not opted out: the player gets reminders whenever they have a streak to save. */
  enrolled: boolean
  optedOut: boolean
}

const playerSchema = z.object({
  granted: z.boolean(),
  optedOut: z.boolean(),
  /** Where the player is filed in the send index; absent when not filed (nothing to remind of, or not enrolled). */
  slot: z.int().min(0).max(23).optional(),
  timeZone: z.string().optional(),
  updatedAt: z.number(),
})

/** A stored `/notifications/players/{uid}` record, or `null` when absent or malformed. */
export type NotificationPlayer = z.infer<typeof playerSchema>

/**
 * Reads a player's notification record (`null` when none, or malformed: the next sync rewrites it).
 *
 * @example
 * ```ts
 * const player = await readNotificationPlayer(database, uid)
 * ```
 */
export async function readNotificationPlayer(database: Database, uid: string): Promise<NotificationPlayer | null> {
  const parsed = playerSchema.safeParse((await database.ref(notificationPaths.player(uid)).once('value')).val())
  return parsed.success ? parsed.data : null
}

/**
 * The multi-path update that writes `record`'s fields one by one (the
 * record's `changes` counter stays) and moves the index entry from where
 * `stored` had it to where `record` has it.
 */
function recordUpdates(uid: string, stored: NotificationPlayer | null, record: NotificationPlayer): Record<string, unknown> {
  const path = notificationPaths.player(uid)
  const updates: Record<string, unknown> = {
    [`${path}/granted`]: record.granted,
    [`${path}/optedOut`]: record.optedOut,
    [`${path}/slot`]: record.slot ?? null,
    [`${path}/timeZone`]: record.timeZone ?? null,
    [`${path}/updatedAt`]: record.updatedAt,
  }
  if (stored?.slot !== undefined && stored.slot !== record.slot) updates[notificationPaths.slotEntry(stored.slot, uid)] = null
  if (record.slot !== undefined) updates[notificationPaths.slotEntry(record.slot, uid)] = true
  return updates
}

/**
 * Record what the app says about `uid`'s notifications and keep the send
 * index in step. The record remembers the permission and the switch for
 * every player; the index files only the **remindable** ones
 * (`isRemindable`: granted, not opted out, and a streak alive), under the
 * send slot of their progress's zone. A player with nothing to be reminded
 * of (no find ever: every unverified account) is not filed; the find that
 * starts a streak files them (`fileStreakStart`), no second sync needed.
 * `uid` is the signed-in wallet (the custom token's uid): a player can only
 * ever enrol themselves.
 *
 * At most once per change: a sync that changes nothing writes nothing (and
 * the default state — not granted, not opted out — is not stored for an
 * account with no record). Each sync that does change something takes one
 * of the account's {@link NOTIFICATION_SYNC_LIMIT} changes per window (a
 * `{window, n}` counter inside the record) before it writes.
 *
 * @throws {RateLimitedError} (`quota: 'notifications'`) the account changed its record too often this window; nothing was written.
 * @example
 * ```ts
 * await syncNotificationsInDatabase(database, uid, { granted: true }, Date.now()) // { enrolled: true, optedOut: false }
 * ```
 */
export async function syncNotificationsInDatabase(
  database: Database,
  uid: string,
  input: SyncNotificationsInput,
  now: number,
): Promise<NotificationState> {
  const [stored, rawProgress] = await Promise.all([
    readNotificationPlayer(database, uid),
    database.ref(databasePaths.progress(uid)).once('value'),
  ])
  const parsed = progressSchema.safeParse(rawProgress.val())
  const progress: Progress | null = parsed.success ? parsed.data : null
  const optedOut = input.optedOut ?? stored?.optedOut ?? false
  const state = { enrolled: input.granted && !optedOut, optedOut }
  // Nothing to remember: an account never heard of that says "not granted" keeps no record.
  if (stored === null && !input.granted && !optedOut) return state

  const deviceZone = isValidTimeZone(input.timeZone) ? canonicalTimeZone(input.timeZone) : null
  const timeZone = (progress ? canonicalTimeZone(progress.timeZone) : null) ?? deviceZone ?? stored?.timeZone ?? 'UTC'
  const filed = progress !== null && isRemindable({ granted: input.granted, optedOut }, progress, now)
  const slot = filed ? remindSlotOf(progress, now) : undefined
  const unchanged =
    stored !== null &&
    stored.granted === input.granted &&
    stored.optedOut === optedOut &&
    stored.slot === slot &&
    stored.timeZone === timeZone
  if (unchanged) return state

  const window = Math.floor(now / NOTIFICATION_SYNC_LIMIT.windowMs)
  if (!(await takeCrowdToken(database, notificationPaths.playerChanges(uid), window, NOTIFICATION_SYNC_LIMIT.changes))) {
    throw new RateLimitedError({ quota: 'notifications', retryAfterMs: (window + 1) * NOTIFICATION_SYNC_LIMIT.windowMs - now })
  }
  const record: NotificationPlayer = {
    granted: input.granted,
    optedOut,
    timeZone,
    updatedAt: now,
    ...(slot === undefined ? {} : { slot }),
  }
  await database.ref().update(recordUpdates(uid, stored, record))
  return state
}

/**
 * File a player whose find just started a streak (the progress after a
 * counted find shows `streak: 1`), when they already said World App grants
 * notifications and left reminders on: the sync did not file them then, as
 * they had nothing to be reminded of. One read of the small record on a
 * streak's first day only; a write only when the player is not yet filed at
 * that slot, so a repeat (a retried collect, a second find the same day)
 * writes nothing. Resolves whether it filed the player.
 *
 * @example
 * ```ts
 * await fileStreakStart(database, uid, profile.progress, now) // true: filed under their zone's slot
 * ```
 */
export async function fileStreakStart(database: Database, uid: string, progress: Progress | null, now: number): Promise<boolean> {
  if (progress === null || progress.streak !== 1) return false
  const stored = await readNotificationPlayer(database, uid)
  if (stored === null || !isRemindable(stored, progress, now)) return false
  const slot = remindSlotOf(progress, now)
  if (stored.slot === slot) return false
  await database.ref().update(recordUpdates(uid, stored, { ...stored, slot }))
  return true
}
