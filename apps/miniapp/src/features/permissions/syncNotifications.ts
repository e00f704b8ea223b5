import { type SyncNotificationsReply, type SyncNotificationsRequest, syncNotificationsContract } from '@worldmap/game/contract'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { NotificationSyncError } from './NotificationSyncError.js'

/** Calls the `syncNotifications` callable; defaults to the app's Functions client. */
export type CallSyncNotifications = (name: typeof syncNotificationsContract.name, data: unknown) => Promise<unknown>

const callSync: CallSyncNotifications = (name, data) => callFunction(getClientConfig(), name, data)

/**
 * Tell the server what World App grants and, when the player flipped it, the
 * streak reminders switch; resolves with what the server now holds (the
 * switch's state). The server files the signed-in player's own wallet only.
 * Browser only by default (the Functions SDK loads on first call).
 *
 * @throws {NotificationSyncError} `unavailable` when the call failed, `malformed_reply` when the reply is not a state.
 * @example
 * ```ts
 * const { enrolled, optedOut } = await syncNotifications({ granted: true, timeZone: 'Asia/Jakarta' })
 * ```
 */
export async function syncNotifications(
  request: SyncNotificationsRequest,
  call: CallSyncNotifications = callSync,
): Promise<SyncNotificationsReply> {
  let data: unknown
  try {
    data = await call(syncNotificationsContract.name, request)
  } catch (error) {
    throw new NotificationSyncError('unavailable', { cause: error })
  }
  const reply = syncNotificationsContract.reply.safeParse(data)
  if (!reply.success) throw new NotificationSyncError('malformed_reply', { cause: reply.error })
  return reply.data
}
