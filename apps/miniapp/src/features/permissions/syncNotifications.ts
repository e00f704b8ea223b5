import { type SyncNotificationsReply, type SyncNotificationsRequest, syncNotificationsContract } from '@worldmap/game/contract'
import { CallRefusedError, type CallTransport, callContract } from '../../lib/firebase/callContract.js'
import { NotificationSyncError } from './NotificationSyncError.js'

/** Calls the `syncNotifications` callable; defaults to the app's Functions client. */
export type CallSyncNotifications = CallTransport

/**
 * Tell the server what World App grants and, when the player flipped it, the
 * streak reminders switch; resolves with what the server now holds (the
 * switch's state). The server files the signed-in player's own wallet only.
 * Browser only by default (the Functions SDK loads on first call).
 *
 * @throws {NotificationSyncError} `unavailable` when the call failed, `malformed_reply` when the reply is not a state,
 * `rate_limited` when the account changed its state too often this hour (the server keeps what it has).
 * @example
 * ```ts
 * const { enrolled, optedOut } = await syncNotifications({ granted: true, timeZone: 'Asia/Jakarta' })
 * ```
 */
export async function syncNotifications(
  request: SyncNotificationsRequest,
  call?: CallSyncNotifications,
): Promise<SyncNotificationsReply> {
  try {
    return await callContract(syncNotificationsContract, request, call)
  } catch (error) {
    if (!(error instanceof CallRefusedError)) throw error
    const code = error.code === 'malformed_reply' || error.code === 'rate_limited' ? error.code : 'unavailable'
    throw new NotificationSyncError(code, { cause: error.cause ?? error })
  }
}
