import { type Database, getDatabase } from 'firebase/database'
import type { ClientConfig } from '../config/readClientConfig.js'
import { getFirebaseApp } from './getFirebaseApp.js'

/**
 * The Realtime Database. In local mode `databaseURL` already points at the
 * local stand-in (`http://127.0.0.1:<port>/?ns=demo-worldmap`), which the
 * SDK treats as an emulator. That stand-in never answers `get()`: read with
 * `onValue(ref, callback, { onlyOnce: true })`.
 *
 * @example
 * ```ts
 * const { getFirebaseDatabase } = await import('./getFirebaseDatabase.js')
 * onValue(ref(getFirebaseDatabase(config), `profiles/${uid}`), (snapshot) => console.log(snapshot.val()))
 * ```
 */
export function getFirebaseDatabase(config: ClientConfig): Database {
  return getDatabase(getFirebaseApp(config), config.firebase.databaseURL)
}
