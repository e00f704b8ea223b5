import { databasePaths, spawnWindowOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { AreaAsleepError } from '../refusals/AreaAsleepError.js'
import { VerifyRateLimitedError } from '../refusals/VerifyRateLimitedError.js'
import { CROWD_LIMITS, type CrowdLimits, crowdWindowOf } from '../spawning/crowdLimits.js'
import { takeCountedCrowdToken, takeCrowdToken } from '../spawning/takeCrowdToken.js'
import { crowdPaths, type VerifyLane } from './crowdPaths.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

export type { CrowdLimits }

/**
 * Before an unverified account spawns: if every one of `watchCells` is
 * spawned already this window, nothing will be written and nothing is
 * counted; otherwise one spawned area is counted against its source
 * network's share of the region (the first cell's geohash at
 * `regionPrecision`), then against the network's share of the window. A
 * caller with no counted source (`sourceBucketOf`: the local stack without
 * `X-Forwarded-For`) is not counted. Verified humans never come here, and no
 * count is shared by two networks: a crowd puts only its own networks to
 * sleep, never a city or the world. The spawn markers are read on their
 * region's instance, the counters kept on the main one.
 *
 * @throws {AreaAsleepError} a limit is reached; `retryAfterMs` is the end of the window.
 *
 * @example
 * ```ts
 * if (!verified) await takeUnverifiedSpawn(db, area.watchCells, sourceBucketOf(source, secret), Date.now())
 * ```
 */
export async function takeUnverifiedSpawn(
  databases: Databases,
  watchCells: readonly string[],
  bucket: string | undefined,
  now: number,
  limits: CrowdLimits = CROWD_LIMITS,
): Promise<void> {
  if (bucket === undefined) return
  const { main: database, ofCell } = gameDatabasesOf(databases)
  const spawnWindow = spawnWindowOf(now).index
  const markers = await Promise.all(
    watchCells.map(async (cell) =>
      (await ofCell(cell, spawnWindow).ref(databasePaths.spawnedCell(spawnWindow, cell)).once('value')).val(),
    ),
  )
  if (markers.every((marker) => marker !== null)) return
  const { index, retryAfterMs } = crowdWindowOf(now, limits)
  const region = (watchCells[0] ?? '').slice(0, limits.regionPrecision)
  const perRegion = crowdPaths.spawnSourceRegion(index, region, bucket)
  if (!(await takeCrowdToken(database, perRegion, index, limits.unverifiedSpawnsPerSourceRegion)))
    throw new AreaAsleepError({ retryAfterMs })
  if (!(await takeCrowdToken(database, crowdPaths.spawnSource(index, bucket), index, limits.unverifiedSpawnsPerSource)))
    throw new AreaAsleepError({ retryAfterMs })
}

/** Who is calling `verifyHuman`, as the crowd limits read it. */
export interface VerifyCaller {
  uid: string
  /** When the caller's session signed in (the ID token's `auth_time`), ms; `undefined` when unknown (counted as old). */
  signedInAt: number | undefined
}

/**
 * Before a World ID proof goes to the verifier: one call counted against the
 * account's limit (`verifyPerAccount`), then against one of two worldwide
 * lanes that together stay under the Developer Portal's rate limit. The
 * first call of a session signed in during this window or the last one
 * takes the `fresh` lane (`verifyFreshTotal`); every other call (a retry,
 * a session signed in long ago) takes the `open` lane (`verifyOpenTotal`).
 * A crowd of stockpiled sessions can spend the open lane only: a newcomer's
 * first try is never behind it, and filling the fresh lane takes a fresh
 * sign-in per call, which `signInsPerSource` meters per network. A full
 * fresh lane falls back to the open one. Resolves the lane taken.
 *
 * @throws {VerifyRateLimitedError} a limit is reached; `retryAfterMs` is the end of the window.
 *
 * @example
 * ```ts
 * await takeVerifyCall(db, { uid, signedInAt: authTime * 1000 }, Date.now())
 * const verified = await verifier.verify(proof)
 * ```
 */
export async function takeVerifyCall(
  database: Database,
  caller: VerifyCaller,
  now: number,
  limits: CrowdLimits = CROWD_LIMITS,
): Promise<VerifyLane> {
  const { index, retryAfterMs } = crowdWindowOf(now, limits)
  const place = await takeCountedCrowdToken(database, crowdPaths.verifyAccount(index, caller.uid), index, limits.verifyPerAccount)
  if (place === null) throw new VerifyRateLimitedError({ retryAfterMs })
  const freshSession = caller.signedInAt !== undefined && caller.signedInAt >= (index - 1) * limits.windowMs
  // A full fresh lane falls back to the open one: a newcomer gets every chance a retry would.
  const lanes: VerifyLane[] = place === 1 && freshSession ? ['fresh', 'open'] : ['open']
  for (const lane of lanes) {
    const cap = lane === 'fresh' ? limits.verifyFreshTotal : limits.verifyOpenTotal
    if (await takeCrowdToken(database, crowdPaths.verifyLane(index, lane), index, cap)) return lane
  }
  throw new VerifyRateLimitedError({ retryAfterMs })
}
