import { useContext, useSyncExternalStore } from 'react'
import { ConnectivityContext } from './ConnectivityContext.js'
import type { Connectivity } from './createConnectivityStore.js'

/**
 * The app's connectivity (`online`, or `offline` because of the device or
 * the server), live from the {@link ConnectivityContext} store.
 *
 * @example
 * ```tsx
 * const connectivity = useConnectivity()
 * <button disabled={connectivity.status === 'offline'}>Verify</button>
 * ```
 */
export function useConnectivity(): Connectivity {
  const store = useContext(ConnectivityContext)
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot)
}
