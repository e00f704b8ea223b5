import { watchFirebaseValue } from '../firebase/watchFirebaseValue.js'
import { type ConnectivityStore, createConnectivityStore, createDeviceNetwork } from './createConnectivityStore.js'

let shared: ConnectivityStore | undefined

/**
 * The page's one {@link ConnectivityStore}: the device's network plus the
 * Realtime Database's own `.info/connected` (a client-side path: it needs no
 * sign-in and reads nothing from the server). Created on first use; nothing
 * is watched until something subscribes, so the database SDK loads only for
 * the signed-in screens that ask. On the server it goes by nothing and says
 * online.
 *
 * @example
 * ```ts
 * const stop = getConnectivityStore().subscribe(() => render())
 * ```
 */
export function getConnectivityStore(): ConnectivityStore {
  shared ??= createConnectivityStore(
    typeof window === 'undefined'
      ? { device: null }
      : {
          device: createDeviceNetwork(window),
          watchConnected: (onValue) =>
            watchFirebaseValue(
              '.info/connected',
              (value) => onValue(value === true),
              // A watch that fails cannot tell: that is not an outage.
              () => onValue(null),
            ),
        },
  )
  return shared
}
