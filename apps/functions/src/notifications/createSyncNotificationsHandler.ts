import { syncNotificationsContract } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import type { CallableRequest } from 'firebase-functions/v2/https'
import { InvalidRequestError } from '../callables/errors/InvalidRequestError.js'
import { type CallableHandlerOptions, toHttpsError } from '../callables/toHttpsError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import { type NotificationState, syncNotificationsInDatabase } from './syncNotificationsInDatabase.js'

/** What `syncNotifications` needs, resolved when a request arrives. */
export interface SyncNotificationsDependencies {
  database: Database
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
 * streak-at-risk nudges, or takes it out. Anyone can claim "granted": the
 * worst it buys is a nudge World App will not deliver to them.
 *
 * Errors (`details.code`): `unauthenticated`; `invalid_request` (a malformed
 * request, or an account whose uid is not a wallet address).
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
  return async (request: Pick<CallableRequest, 'auth' | 'data'>): Promise<NotificationState> => {
    try {
      const uid = request.auth?.uid
      if (!uid) throw new UnauthenticatedError()
      const input = syncNotificationsContract.request.safeParse(request.data)
      if (!input.success) throw new InvalidRequestError({ details: 'data' })
      if (!WALLET.test(uid)) throw new InvalidRequestError({ details: 'account' })
      const { database, now = Date.now } = dependencies()
      return await syncNotificationsInDatabase(database, uid, input.data, now())
    } catch (error) {
      throw toHttpsError(error, 'syncNotifications', options.log)
    }
  }
}
