/** The part of `navigator.permissions` this uses (a fake in tests). */
export interface PermissionsLike {
  query(descriptor: {
    name: 'geolocation'
  }): Promise<Pick<PermissionStatus, 'state' | 'addEventListener' | 'removeEventListener'>>
}

/** The part of `document` this uses (a fake in tests). */
export type VisibilityTarget = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>

/** Options of {@link watchLocationRetry}. */
export interface WatchLocationRetryOptions {
  /** Defaults to `navigator.permissions`; `null` (or a platform without it) skips permission changes. */
  permissions?: PermissionsLike | null
  /** Defaults to `document`; `null` skips coming back to the foreground. */
  visibility?: VisibilityTarget | null
}

/**
 * While the map has no location, call `retry` whenever asking the platform
 * again could now succeed, so the player does not have to find the in-app
 * "Try again": the location permission changed to `granted` or back to
 * `prompt` (allowed in the settings, or reset), or the page came back to
 * the foreground (the usual way back from the settings app, where a webview
 * hears no permission event). A watch that was refused stays refused on
 * every platform: only a new watch learns the new answer.
 * Returns the function that stops listening.
 *
 * @example
 * ```ts
 * const stop = watchLocationRetry(() => restartWatch())
 * ```
 */
export function watchLocationRetry(retry: () => void, options: WatchLocationRetryOptions = {}): () => void {
  const permissions =
    options.permissions === undefined
      ? ((globalThis.navigator?.permissions as PermissionsLike | undefined) ?? null)
      : options.permissions
  const visibility = options.visibility === undefined ? (globalThis.document ?? null) : options.visibility
  let stopped = false
  let stopPermission = () => {}

  if (permissions) {
    permissions.query({ name: 'geolocation' }).then(
      (status) => {
        if (stopped) return
        const onChange = () => {
          if (!stopped && status.state !== 'denied') retry()
        }
        status.addEventListener('change', onChange)
        stopPermission = () => status.removeEventListener('change', onChange)
      },
      // Some webviews do not know the `geolocation` permission name: the other signals still work.
      () => {},
    )
  }

  const onVisibility = () => {
    if (!stopped && visibility?.visibilityState === 'visible') retry()
  }
  visibility?.addEventListener('visibilitychange', onVisibility)

  return () => {
    stopped = true
    stopPermission()
    visibility?.removeEventListener('visibilitychange', onVisibility)
  }
}
