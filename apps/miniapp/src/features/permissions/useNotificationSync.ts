import type { SyncNotificationsReply, SyncNotificationsRequest } from '@worldmap/game/contract'
import { useCallback, useEffect, useRef, useState } from 'react'

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

/** The device's IANA zone, for a player whose progress has none yet. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * Keep the server in step with the notification permission: each time World
 * App's answer is known (`granted` true or false, `undefined` while unknown)
 * the server is told, so a revoked permission takes the player out of the
 * reminders; `setOptedOut` saves the profile's switch (shown at once, put
 * back if saving fails).
 *
 * @example
 * ```tsx
 * const { state, setOptedOut } = useNotificationSync(read.status === 'ready' ? read.granted.notifications : undefined, syncNotifications)
 * ```
 */
export function useNotificationSync(
  granted: boolean | undefined,
  sync: (request: SyncNotificationsRequest) => Promise<SyncNotificationsReply>,
): NotificationSync {
  const [state, setState] = useState<NotificationSyncState>({ status: 'idle' })
  const live = useRef(true)
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  const send = useCallback(
    (request: SyncNotificationsRequest, shown: boolean) => {
      sync(request).then(
        (reply) => live.current && setState({ status: 'ready', optedOut: reply.optedOut, saving: false }),
        () => live.current && setState({ status: 'failed', optedOut: shown }),
      )
    },
    [sync],
  )

  useEffect(() => {
    if (granted === undefined) return
    send({ granted, timeZone: deviceZone() }, false)
  }, [granted, send])

  const setOptedOut = (optedOut: boolean) => {
    const before = state.status === 'idle' ? false : state.optedOut
    setState({ status: 'ready', optedOut, saving: true })
    sync({ granted: granted ?? false, optedOut, timeZone: deviceZone() }).then(
      (reply) => live.current && setState({ status: 'ready', optedOut: reply.optedOut, saving: false }),
      () => live.current && setState({ status: 'failed', optedOut: before }),
    )
  }
  return { state, setOptedOut }
}
