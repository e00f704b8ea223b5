import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ConnectivityContext } from '../src/lib/connectivity/ConnectivityContext.js'
import {
  type ConnectivityStore,
  createConnectivityStore,
  type DeviceNetwork,
} from '../src/lib/connectivity/createConnectivityStore.js'

/** A device network the test switches on and off. */
export interface FakeConnectivity {
  store: ConnectivityStore
  device: DeviceNetwork
  /** Switch the device's network (fires the listeners inside `act`). */
  setOnline(online: boolean): void
  /** Wrap a tree in the provider of this store. */
  wrap(ui: ReactNode): ReactNode
}

/**
 * A connectivity store over a fake device network (no database watch), for
 * component tests: `setOnline(false)` is airplane mode.
 */
export function fakeConnectivity(initiallyOnline = true): FakeConnectivity {
  let online = initiallyOnline
  const listeners = new Set<() => void>()
  const device: DeviceNetwork = {
    isOnline: () => online,
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
  }
  const store = createConnectivityStore({ device })
  return {
    store,
    device,
    setOnline(next) {
      online = next
      act(() => {
        for (const listener of [...listeners]) listener()
      })
    },
    wrap: (ui) => <ConnectivityContext.Provider value={store}>{ui}</ConnectivityContext.Provider>,
  }
}
