import type { SyncNotificationsReply, SyncNotificationsRequest } from '@worldmap/game/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { NotificationSyncError } from './NotificationSyncError.js'
import { deviceZone, rememberSync, tellPermissionOnce } from './notificationSyncSession.js'

/** What the profile knows of the server's side: not asked yet, the state, or a failed save. */
export type NotificationSyncState =
  | { status: 'idle' }
  | { status: 'ready'; optedOut: boolean; saving: boolean }
  | { status: 'failed'; optedOut: boolean }

/** What {@link useNotificationSync} gives the section. */
export interface NotificationSync {
  state: NotificationSyncState
  /** Flip the streak reminders switch (the player's own choice); saved on the server. */
  setOptedOut: (optedOut: boolean) => void
}

/**
 * Keep the server in step with the notification permission: each time World
 * App's answer is known (`granted` true or false, `undefined` while unknown)
 * the server is told, so a revoked permission takes the player out of the
 * reminders (a `rate_limited` refusal of that report shows nothing); `setOptedOut` saves the profile's switch (shown at once, put
 * back if saving fails). With the player's `uid`, the permission goes
 * through the session's `tellPermissionOnce`: already told at app start
 * (`useNotificationSyncAtStart`), the profile reuses that answer, no second request.
 *
 * @example
 * ```tsx
 * const { state, setOptedOut } = useNotificationSync(read.status === 'ready' ? read.granted.notifications : undefined, syncNotifications, user.uid)
 * ```
 */
export function useNotificationSync(
  granted: boolean | undefined,
  sync: (request: SyncNotificationsRequest) => Promise<SyncNotificationsReply>,
  uid?: string,
): NotificationSync {
  const [state, setState] = useState<NotificationSyncState>({ status: 'idle' })
  const live = useRef(true)
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  const tell = useCallback(
    (granted: boolean) => {
      const reply = uid ? tellPermissionOnce(uid, granted, sync) : sync({ granted, timeZone: deviceZone() })
      reply.then(
        (reply) => live.current && setState({ status: 'ready', optedOut: reply.optedOut, saving: false }),
        (error: unknown) => {
          // A background report refused for changing too often is no failure to show: the server keeps what it has.
          if (error instanceof NotificationSyncError && error.code === 'rate_limited') return
          if (live.current) setState({ status: 'failed', optedOut: false })
        },
      )
    },
    [sync, uid],
  )

  useEffect(() => {
    if (granted !== undefined) tell(granted)
  }, [granted, tell])

  const setOptedOut = (optedOut: boolean) => {
    const before = state.status === 'idle' ? false : state.optedOut
    setState({ status: 'ready', optedOut, saving: true })
    const told = granted ?? false
    sync({ granted: told, optedOut, timeZone: deviceZone() }).then(
      (reply) => {
        if (uid) rememberSync(uid, told, reply)
        if (live.current) setState({ status: 'ready', optedOut: reply.optedOut, saving: false })
      },
      () => live.current && setState({ status: 'failed', optedOut: before }),
    )
  }
  return { state, setOptedOut }
}
