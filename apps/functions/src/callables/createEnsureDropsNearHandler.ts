import { spawnWindowOf } from '@worldmap/game'
import { type EnsureDropsNearReply, ensureDropsNearContract } from '@worldmap/game/contract'
import { type CrowdSource, callerBucketOf } from '../database/crowdPaths.js'
import { type Databases, gameDatabasesOf } from '../database/gameDatabases.js'
import { grantStreakDrop } from '../database/grantStreakDrop.js'
import { passGate } from '../database/passGate.js'
import { readUnspawnedCells } from '../database/readUnspawnedCells.js'
import { readVerifiedLevel } from '../database/readVerifiedLevel.js'
import { spawnDropsInDatabase } from '../database/spawnDropsInDatabase.js'
import { type CrowdLimits, takeUnverifiedSpawn } from '../database/takeCrowdTokens.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { defineCallable } from './defineCallable.js'
import type { CallableHandlerOptions } from './toHttpsError.js'

/** What `ensureDropsNear` needs, resolved when a request arrives. */
export interface EnsureDropsNearDependencies {
  /** One instance, or the sharded set: spawns go to their region's instance, the gate and the streak reward to the player's, crowd counters to main. */
  database: Databases
  /** Secret seed of the spawner (`WORLDMAP_DROP_SEED`). */
  seed: string
  /** Server clock, ms. @default Date.now */
  now?: () => number
  /** How an unverified caller's source network is found and bucketed for the crowd limits. */
  crowdSource: CrowdSource
  /** Limits across wallets on unverified spawning. @default CROWD_LIMITS */
  crowdLimits?: CrowdLimits
}

/** `ensureDropsNear`'s reply: which cells to read, for which window (`ensureDropsNearContract`). */
export type EnsureDropsNearResult = EnsureDropsNearReply

/**
 * The `ensureDropsNear({ lat, lng })` callable: spawns the current window's
 * drops of the watch cells within 500 m of the caller (`SPAWN_RADIUS_METERS`,
 * of the 9 around it) — each once per window, whoever asks — and replies
 * with the 9 watch cells to read. A verified player whose streak reaches
 * day 3 or 7 today also gets their streak reward drop nearby, once a day, at
 * `/streakDrops/{uid}` (`grantStreakDrop`). Before
 * anything is written the anti-cheat gate checks the caller's travel since
 * its last report and, when the area has cells not spawned yet this window,
 * takes a spawn token (verified humans get the larger quota from the moment
 * they verify; an unverified account can still read every cell, it just
 * spawns little). Opening home or the map again where everything exists
 * already spends nothing and writes only the position report. An
 * unverified account's spawn also counts against its source network's
 * limits across wallets, in the region and in the window
 * (`takeUnverifiedSpawn`, `CROWD_LIMITS`), so throwaway wallets cannot
 * multiply the quota, and a crowd never spends another network's share. Asking
 * again in the same window spawns nothing new, so an area cannot be farmed.
 *
 * Errors (`details.code` in parentheses): `unauthenticated`
 * (`unauthenticated`), `invalid-argument` (`invalid_location`),
 * `failed-precondition` (`impossible_travel`, with `details.retryAfterMs`),
 * `resource-exhausted` (`rate_limited` or `area_asleep`, with `details.retryAfterMs`);
 * anything else → `internal` (logged).
 *
 * @example
 * ```ts
 * export const ensureDropsNear = onCall({ region: 'asia-southeast1' }, createEnsureDropsNearHandler(() => ({
 *   database: getDatabase(),
 *   seed: readGameConfig(process.env).dropSeed,
 * })))
 * ```
 */
export function createEnsureDropsNearHandler(
  dependencies: () => EnsureDropsNearDependencies,
  options: CallableHandlerOptions = {},
) {
  return defineCallable(
    ensureDropsNearContract,
    {
      // Its own reading: a bad position is `invalid_location`, with the rule it broke.
      parse: spawnAreaOf,
      run: async ({ uid, data: area, http }): Promise<EnsureDropsNearResult> => {
        const { database, seed, now = Date.now, crowdLimits, crowdSource } = dependencies()
        const time = now()
        // First: a player a table switch moved has their records moved before anything reads them.
        const databases = await gameDatabasesOf(database).forPlayer(uid, time)
        const player = databases.ofPlayer(uid)
        const [verified, unspawned] = await Promise.all([
          readVerifiedLevel(player, uid).then((level) => level !== null),
          readUnspawnedCells(databases, area.spawnWatchCells, time),
        ])
        // An area that exists already this window is read for free: only causing a spawn spends.
        const spend = unspawned.length > 0
        await passGate(player, { uid, action: 'spawn', lat: area.lat, lng: area.lng, now: time, verified, spend })
        if (!verified && spend)
          await takeUnverifiedSpawn(databases, area.spawnWatchCells, callerBucketOf(http, crowdSource), time, crowdLimits)
        const spawned = spend ? await spawnDropsInDatabase(databases, unspawned, time, { seed }) : 0
        // Collecting needs a verified human: only they can have a streak to reward.
        if (verified) await grantStreakDrop(player, { uid, origin: area, now: time, seed })
        const window = spawnWindowOf(time)
        return { window: window.index, expiresAt: window.end, cells: area.watchCells, spawned, serverTime: Math.floor(time) }
      },
    },
    options,
  )
}
