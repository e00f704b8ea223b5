import type { SyncNotificationsReply, SyncNotificationsRequest } from '@worldmap/game/contract'

/** Sends one request to `syncNotifications` (the app's, or a test's). */
export type SyncRequest = (request: SyncNotificationsRequest) => Promise<SyncNotificationsReply>

/** The player and permission last told to the server in this page session, and the server's answer. */
interface Told {
  uid: string
  granted: boolean
  reply: Promise<SyncNotificationsReply>
}

// Module state on purpose: one page session (a reload starts a new one). The
// app's start and the profile both ask through here, so the profile opened
// after the start's report reuses its answer instead of sending it again.
let told: Told | null = null

/** The device's IANA zone, for a player whose progress has none yet. */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * Tell the server World App's notification permission for `uid`, once per
 * page session and answer: the same player and permission again (in flight
 * or done) gets the first request's reply, no second request. A failed
 * request is forgotten, so the next asker tries again; a different player or
 * permission (revoked, or just turned on) is a new request.
 *
 * @example
 * ```ts
 * const { optedOut } = await tellPermissionOnce(user.uid, true, syncNotifications)
 * ```
 */
export function tellPermissionOnce(uid: string, granted: boolean, sync: SyncRequest): Promise<SyncNotificationsReply> {
  if (told && told.uid === uid && told.granted === granted) return told.reply
  const entry: Told = { uid, granted, reply: sync({ granted, timeZone: deviceZone() }) }
  told = entry
  entry.reply.catch(() => {
    if (told === entry) told = null
  })
  return entry.reply
}

/**
 * Keep what the server answered to a request sent another way (the profile's
 * switch), so the next `tellPermissionOnce` for the same player and
 * permission answers with the switch as it is now.
 *
 * @example
 * ```ts
 * rememberSync(user.uid, true, await sync({ granted: true, optedOut: true, timeZone }))
 * ```
 */
export function rememberSync(uid: string, granted: boolean, reply: SyncNotificationsReply): void {
  told = { uid, granted, reply: Promise.resolve(reply) }
}

/**
 * Forget the session's report (tests: each starts a fresh session).
 *
 * @example
 * ```ts
 * afterEach(forgetNotificationSync)
 * ```
 */
export function forgetNotificationSync(): void {
  told = null
}
