/**
 * The device's IANA time zone (`Asia/Singapore`), the zone a player's "today"
 * is counted in. `UTC` when the runtime does not say (some webviews report
 * nothing), so the caller always has a zone the game functions accept.
 *
 * @example
 * ```ts
 * viewProgress(progress, Date.now(), progress?.timeZone ?? getDeviceTimeZone())
 * ```
 */
export function getDeviceTimeZone(): string {
  return deviceTimeZone() ?? 'UTC'
}

/**
 * The device's IANA time zone, or `undefined` where the platform has none (an
 * empty or throwing `Intl`): what `collectDrop` is sent, so a device that
 * cannot tell never asks the server to move the player's day to UTC.
 *
 * @example
 * ```ts
 * collectDrop({ dropId, lat, lng, accuracy, timeZone: deviceTimeZone() })
 * ```
 */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}
