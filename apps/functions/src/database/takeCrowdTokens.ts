import { databasePaths, spawnWindowOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { AreaAsleepError } from '../refusals/AreaAsleepError.js'
import { VerifyRateLimitedError } from '../refusals/VerifyRateLimitedError.js'
import { CROWD_LIMITS, type CrowdLimits } from '../spawning/crowdLimits.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { takeCrowdToken } from './takeCrowdToken.js'

export type { CrowdLimits }

/** Where the crowd counters live: one small `{window, n}` node each, overwritten per window. */
export const crowdPaths = {
  spawnRegion: (region: string) => `crowd/spawn/regions/${region}`,
  spawnTotal: 'crowd/spawn/total',
  verifyAccount: (uid: string) => `crowd/verify/accounts/${uid}`,
  verifyTotal: 'crowd/verify/total',
} as const

function windowOf(now: number, limits: CrowdLimits) {
  const index = Math.floor(now / limits.windowMs)
  return { index, retryAfterMs: (index + 1) * limits.windowMs - now }
}

/**
 * Before an unverified account spawns: if every one of `watchCells` is
 * spawned already this window, nothing will be written and nothing is
 * counted; otherwise one spawned area is counted against the region's limit
 * (the first cell's geohash at `regionPrecision`), then the worldwide one.
 * Verified humans never come here: a crowd of throwaway wallets cannot put
 * a city to sleep for the people who play in it. The spawn markers are read
 * on their region's instance, the counters kept on the main one.
 *
 * @throws {AreaAsleepError} a limit is reached; `retryAfterMs` is the end of the window.
 *
 * @example
 * ```ts
 * if (!verified) await takeUnverifiedSpawn(db, area.watchCells, Date.now())
 * ```
 */
export async function takeUnverifiedSpawn(
  databases: Databases,
  watchCells: readonly string[],
  now: number,
  limits: CrowdLimits = CROWD_LIMITS,
): Promise<void> {
  const { main: database, ofCell } = gameDatabasesOf(databases)
  const spawnWindow = spawnWindowOf(now).index
  const markers = await Promise.all(
    watchCells.map(async (cell) => (await ofCell(cell).ref(databasePaths.spawnedCell(spawnWindow, cell)).once('value')).val()),
  )
  if (markers.every((marker) => marker !== null)) return
  const { index, retryAfterMs } = windowOf(now, limits)
  const region = (watchCells[0] ?? '').slice(0, limits.regionPrecision)
  if (!(await takeCrowdToken(database, crowdPaths.spawnRegion(region), index, limits.unverifiedSpawnsPerRegion)))
    throw new AreaAsleepError({ retryAfterMs })
  if (!(await takeCrowdToken(database, crowdPaths.spawnTotal, index, limits.unverifiedSpawnsTotal)))
    throw new AreaAsleepError({ retryAfterMs })
}

/**
 * Before a World ID proof goes to the verifier: one call counted against the
 * account's limit, then the worldwide one, so neither one account nor a
 * crowd of them can get the app rate-limited at the Developer Portal.
 *
 * @throws {VerifyRateLimitedError} a limit is reached; `retryAfterMs` is the end of the window.
 *
 * @example
 * ```ts
 * await takeVerifyCall(db, uid, Date.now())
 * const verified = await verifier.verify(proof)
 * ```
 */
export async function takeVerifyCall(
  database: Database,
  uid: string,
  now: number,
  limits: CrowdLimits = CROWD_LIMITS,
): Promise<void> {
  const { index, retryAfterMs } = windowOf(now, limits)
  if (!(await takeCrowdToken(database, crowdPaths.verifyAccount(uid), index, limits.verifyPerAccount)))
    throw new VerifyRateLimitedError({ retryAfterMs })
  if (!(await takeCrowdToken(database, crowdPaths.verifyTotal, index, limits.verifyTotal)))
    throw new VerifyRateLimitedError({ retryAfterMs })
}
