import type { SyncNotificationsReply } from '@worldmap/game/contract'
import { type GetPermissionsResult, getPermissions as getPermissionsCommand } from '@worldmap/minikit'
import { NotificationSyncError } from './NotificationSyncError.js'
import { type SyncRequest, tellPermissionOnce } from './notificationSyncSession.js'
import { syncNotifications } from './syncNotifications.js'

/** Options of {@link syncPermissionAtStart}; both default to the app's own (World App's `getPermissions`, the server). */
export interface SyncPermissionAtStartOptions {
  getPermissions?: () => Promise<GetPermissionsResult>
  sync?: SyncRequest
}

/**
 * At app start, once signed in: read World App's notification permission
 * (`getPermissions`, which never prompts) and tell the server
 * (`tellPermissionOnce`), so a permission granted or revoked in World App
 * reaches the streak reminders without the player opening the profile.
 * Quiet by design — nothing on screen depends on it: outside World App, an
 * old World App or no answer tells nothing, a failed request is logged
 * and left to the profile (which asks again), and a `rate_limited` refusal
 * (the account changed its state too often this hour) is not even logged:
 * the server keeps what it has, and nothing is wrong on this side. Resolves with the server's
 * answer, or null when nothing was told.
 *
 * @example
 * ```ts
 * void syncPermissionAtStart(user.uid)
 * ```
 */
export async function syncPermissionAtStart(
  uid: string,
  { getPermissions = getPermissionsCommand, sync = syncNotifications }: SyncPermissionAtStartOptions = {},
): Promise<SyncNotificationsReply | null> {
  let read: GetPermissionsResult
  try {
    read = await getPermissions()
  } catch {
    // Not in World App (a plain browser), or one too old for the command: there is no permission to tell.
    return null
  }
  if (read.status !== 'success') return null
  try {
    return await tellPermissionOnce(uid, read.permissions.notifications === true, sync)
  } catch (error) {
    if (error instanceof NotificationSyncError && error.code === 'rate_limited') return null
    console.warn('The notification permission was not told to the server at start', error)
    return null
  }
}
