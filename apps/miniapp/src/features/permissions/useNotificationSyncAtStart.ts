import { useEffect } from 'react'
import type { syncPermissionAtStart } from './syncPermissionAtStart.js'

/** Loads {@link syncPermissionAtStart}'s code: after the first paint, off the first-load bundle. */
export const loadSyncPermissionAtStart = async (): Promise<typeof syncPermissionAtStart> =>
  (await import('./syncPermissionAtStart.js')).syncPermissionAtStart

/**
 * Once per app start and signed-in player: tell the server World App's
 * notification permission (`syncPermissionAtStart`, loaded lazily so the
 * first load carries none of it). The profile, opened later in the same
 * session, reuses that answer instead of asking the server again.
 *
 * @example
 * ```tsx
 * useNotificationSyncAtStart(isAuthenticated ? user.uid : null)
 * ```
 */
export function useNotificationSyncAtStart(uid: string | null, load = loadSyncPermissionAtStart): void {
  useEffect(() => {
    if (!uid) return
    load().then(
      (sync) => sync(uid),
      (error: unknown) => console.warn('The notification permission could not be told at start', error),
    )
  }, [uid, load])
}
