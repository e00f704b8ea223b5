import { type Database, onValue, ref } from 'firebase/database'
import type { ServerClock } from './createServerClock.js'

/**
 * Keep `clock` on the database's time: the Realtime Database's handshake
 * carries the server's time, and the SDK keeps server minus device at
 * `.info/serverTimeOffset` (production and the local stand-in alike, which
 * sends the same handshake). Heard again on every reconnect, so a phone
 * whose clock is changed while the app runs is followed. Returns the
 * unsubscribe.
 *
 * @example
 * ```ts
 * watchServerTimeOffset(getDatabase(app), gameClock)
 * ```
 */
export function watchServerTimeOffset(database: Database, clock: ServerClock): () => void {
  return onValue(ref(database, '.info/serverTimeOffset'), (snapshot) => {
    const offset: unknown = snapshot.val()
    if (typeof offset === 'number') clock.adopt(offset, 'database')
  })
}
