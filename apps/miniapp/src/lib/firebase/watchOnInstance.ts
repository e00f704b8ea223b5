import { onValue, ref } from 'firebase/database'
import type { ClientConfig } from '../config/readClientConfig.js'
import { getFirebaseDatabase, holdDatabase, watchInstanceOf } from './getFirebaseDatabase.js'
import type { DatabaseTarget } from './WatchValue.js'

/**
 * A value listener on the instance `target` names, keyed by that instance:
 * when a table switch's grace moves a player's records to another instance
 * while the page is open (`watchInstanceOf`), the listener moves with them
 * and the instance it left is released (`holdDatabase`: closed once nothing
 * else reads it). It loads with the database SDK, never in the first load
 * (`watchDatabaseValue` is the way in). Returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchOnInstance(config, `inventories/${uid}`, render, console.error, { player: uid })
 * ```
 */
export function watchOnInstance(
  config: ClientConfig,
  path: string,
  onChange: (value: unknown) => void,
  onError: (error: Error) => void,
  target?: DatabaseTarget,
): () => void {
  let unsubscribe: (() => void) | undefined
  let release: (() => void) | undefined
  const stopFollowing = watchInstanceOf(config, target, (instanceUrl) => {
    const left = release
    unsubscribe?.()
    // Held before the old one is released: an instance both read stays open.
    release = holdDatabase(config, instanceUrl)
    left?.()
    unsubscribe = onValue(ref(getFirebaseDatabase(config, instanceUrl), path), (snapshot) => onChange(snapshot.val()), onError)
  })
  return () => {
    stopFollowing()
    unsubscribe?.()
    release?.()
  }
}
