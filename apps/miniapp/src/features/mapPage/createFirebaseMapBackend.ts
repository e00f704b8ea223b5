import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import { watchDatabaseValue } from '../../lib/firebase/watchDatabaseValue.js'
import type { MapBackend } from './createFirebaseMapDataSource.js'

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
    async call(name, data) {
      const [{ httpsCallable }, { getFirebaseFunctions }] = await Promise.all([
        import('firebase/functions'),
        import('../../lib/firebase/getFirebaseFunctions.js'),
      ])
      return (await httpsCallable(getFirebaseFunctions(config), name)(data)).data
    },
    watch: (path, onValue, onError) => watchDatabaseValue(config, path, onValue, onError),
    now: () => Date.now(),
  }
}
