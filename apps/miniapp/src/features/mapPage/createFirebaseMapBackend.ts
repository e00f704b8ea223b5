import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import { watchReconnect } from '../../lib/connectivity/createConnectivityStore.js'
import { getConnectivityStore } from '../../lib/connectivity/getConnectivityStore.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { watchDatabaseValue } from '../../lib/firebase/watchDatabaseValue.js'
import { deviceTimeZone } from '../progress/getDeviceTimeZone.js'
import type { MapBackend } from './createFirebaseMapDataSource.js'

export { deviceTimeZone }

/**
 * The real {@link MapBackend}: Firebase Functions callables and Database
 * value listeners, both loaded on first use so neither is in the first load.
 *
 * @example
 * ```ts
 * const source = createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))
 * ```
 */
export function createFirebaseMapBackend(config: ClientConfig): MapBackend {
  return {
    call: (name, data) => callFunction(config, name, data),
    watch: (path, onValue, onError) => watchDatabaseValue(config, path, onValue, onError),
    now: () => Date.now(),
    timeZone: deviceTimeZone,
    onReconnect: (listener) => watchReconnect(getConnectivityStore(), listener),
  }
}
