import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { loadLeaderboardSection } from '../leaderboard/loadLeaderboardSection.js'
import { loadWatchNearestDrops } from './loadWatchNearestDrops.js'

/**
 * Get the home's data path ready before the home shows: fetch the code its
 * cards need — the database and callable SDKs, the nearest-drops watcher with
 * the map's data source, the leaderboard's section — and open the database's
 * websocket. On a first launch this runs while the sign-in waits on the
 * wallet and the backend, whose requests are small, so once the player is
 * signed in the home asks for its data at once, over a socket that is
 * already up (the SDK sends the new sign-in on it), instead of first
 * downloading about 60 KiB and connecting (docs/first-launch.md). Each
 * download is the same `import()` the card makes later, so nothing loads
 * twice; a failure here is left to that later import to report. Browser
 * only (the socket); the home's page calls it when its code is prefetched.
 *
 * @example
 * ```ts
 * void prefetchHomeData()
 * ```
 */
export async function prefetchHomeData(): Promise<void> {
  const [database] = await Promise.allSettled([
    import('../../lib/firebase/getFirebaseDatabase.js'),
    import('firebase/database'),
    import('../../lib/firebase/watchOnInstance.js'),
    import('firebase/functions'),
    import('../../lib/firebase/getFirebaseFunctions.js'),
    loadWatchNearestDrops(),
    loadLeaderboardSection(),
  ])
  if (database.status !== 'fulfilled') return
  try {
    const config = getClientConfig()
    database.value.openHomeDatabases(config)
  } catch (error) {
    // An unusable client config: the sign-in reports it on screen.
    console.error('Could not open the database early', error)
  }
}
