import { syncNotificationsContract } from '@worldmap/game/contract'
import { type Databases, gameDatabasesOf } from '../database/gameDatabases.js'
import { type NotificationState, syncNotificationsInDatabase } from '../notifications/syncNotificationsInDatabase.js'
import { defineCallable } from './defineCallable.js'
import { InvalidRequestError } from './errors/InvalidRequestError.js'
import type { CallableHandlerOptions } from './toHttpsError.js'

/** What `syncNotifications` needs, resolved when a request arrives. */
export interface SyncNotificationsDependencies {
  /** One instance, or the sharded set: the caller's notification record and index entry on their player instance. */
  database: Databases
  /** Server clock, ms. @default Date.now */
  now?: () => number
}

/** A wallet address as the portal takes it (42 characters): the uid of every WorldMap account. */
const WALLET = /^0x[0-9a-fA-F]{40}$/

/**
 * The `syncNotifications({granted, optedOut?, timeZone?})` callable: the app
 * says whether World App grants notifications and, when the player flips it,
 * the profile's opt-out; the server files **the caller's own wallet** (the
 * signed-in uid, never a wallet from the request, which is strict) for the
 * streak-at-risk nudges (once it has a streak to save), or takes it out.
 * Anyone can claim "granted": the worst it buys is a nudge World App will
 * not deliver to them, and only once they have a streak, which needs a
 * verified human's finds; a fresh wallet gets a small record and no place
 * in the run's index.
 *
 * Errors (`details.code`): `unauthenticated`; `invalid_request` (a malformed
 * request, or an account whose uid is not a wallet address); `rate_limited`
 * (`retryAfterMs`: more than `NOTIFICATION_SYNC_LIMIT` changes this window).
 *
 * @example
 * ```ts
 * export const syncNotifications = onCall({ region }, createSyncNotificationsHandler(() => ({ database })))
 * ```
 */
export function createSyncNotificationsHandler(
  dependencies: () => SyncNotificationsDependencies,
  options: CallableHandlerOptions = {},
) {
  return defineCallable(
    syncNotificationsContract,
    {
      run: async ({ uid, data }): Promise<NotificationState> => {
        if (!WALLET.test(uid)) throw new InvalidRequestError({ details: 'account' })
        const { database, now = Date.now } = dependencies()
        const time = now()
        // First: a player a table switch moved has their records moved before anything reads them.
        const databases = await gameDatabasesOf(database).forPlayer(uid, time)
        return syncNotificationsInDatabase(databases.ofPlayer(uid), uid, data, time)
      },
    },
    options,
  )
}
