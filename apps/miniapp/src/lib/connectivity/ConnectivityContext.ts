import { createContext } from 'react'
import { type ConnectivityStore, createConnectivityStore, createDeviceNetwork } from './createConnectivityStore.js'

/**
 * The connectivity store the screens read (`useConnectivity`). The app's
 * layout provides `getConnectivityStore()` (device + database); without a
 * provider — a component rendered alone, a test — it goes by the device
 * alone, so nothing loads the database SDK behind a test's back.
 */
export const ConnectivityContext = createContext<ConnectivityStore>(
  createConnectivityStore({ device: typeof window === 'undefined' ? null : createDeviceNetwork(window) }),
)
