import { canonicalTimeZone, databasePaths, isValidTimeZone, progressSchema } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import * as z from 'zod'
import { notificationPaths } from './notificationPaths.js'
import { sendSlotOf } from './streakNudgeRules.js'

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
  /** Granted and not opted out: in the send index. */
  enrolled: boolean
  optedOut: boolean
}

const playerSchema = z.object({
  granted: z.boolean(),
  optedOut: z.boolean(),
  slot: z.int().min(0).max(23),
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
 * Record what the app says about `uid`'s notifications and keep the send
 * index in step: enrolled (granted and not opted out) → filed under the send
 * slot of the player's zone (the progress record's, else the device's, else
 * UTC); otherwise out of the index. `uid` is the signed-in wallet (the custom
 * token's uid): a player can only ever enrol themselves. A sync that changes
 * nothing writes nothing.
 *
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
  const progress = progressSchema.safeParse(rawProgress.val())
  const deviceZone = isValidTimeZone(input.timeZone) ? canonicalTimeZone(input.timeZone) : null
  const timeZone = (progress.success ? canonicalTimeZone(progress.data.timeZone) : null) ?? deviceZone ?? 'UTC'
  const optedOut = input.optedOut ?? stored?.optedOut ?? false
  const enrolled = input.granted && !optedOut
  const slot = sendSlotOf(timeZone, now)
  const state = { enrolled, optedOut }
  const unchanged = stored !== null && stored.granted === input.granted && stored.optedOut === optedOut && stored.slot === slot
  if (unchanged) return state
  const record: NotificationPlayer = { granted: input.granted, optedOut, slot, timeZone, updatedAt: now }
  const updates: Record<string, unknown> = { [notificationPaths.player(uid)]: record }
  if (stored && stored.slot !== slot) updates[notificationPaths.slotEntry(stored.slot, uid)] = null
  updates[notificationPaths.slotEntry(slot, uid)] = enrolled ? true : null
  await database.ref().update(updates)
  return state
}
