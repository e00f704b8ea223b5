import { databasePaths, spawnWindowOf, WATCH_CELL_PRECISION, weekOf } from '@worldmap/game'
import { spawnDayOf } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { type AwardClaimHooks, awardClaim } from './awardClaim.js'
import { claimSchema } from './claimSchema.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { purgeCrowd } from './purgeCrowd.js'
import { DELETE_BATCH, deleteInBatches, pending, readBookmark } from './purgeSteps.js'

/** How far back a first run looks for days of spot finds and streak rewards to delete. */
const FIRST_RUN_DAYS = 7
/** Days kept behind the current UTC day: a local day (streak rewards) runs up to 14 h behind or ahead of UTC. */
const KEPT_DAYS = 1
/** How far back a first run looks for leaderboards to delete, in weeks. */
const FIRST_RUN_WEEKS = 4
/** Score shards of a week (two hex digits of the public id), deleted this many per write. */
const SCORE_SHARDS = Array.from({ length: 256 }, (_, index) => index.toString(16).padStart(2, '0'))
const SHARDS_PER_DELETE = 16

/** Test seams: the recovery's award steps (a throw there is a crash of the purge at that point). */
export interface PurgeHooks {
  award?: AwardClaimHooks
}

/** What one purge did. */
export interface PurgeReport {
  /** Windows whose public drops and spawn markers were deleted. */
  dropWindows: number[]
  /** Watch cells deleted across those windows. */
  watchCells: number
  /** Windows whose claims were deleted. */
  claimWindows: number[]
  /** Undelivered claims that were delivered before their window was deleted. */
  recovered: number
  /** Malformed claims moved to `/quarantine/claims` for a human to look at (logged by the caller). */
  malformedClaims: string[]
  /** Weeks whose leaderboard was deleted (every week before last week). */
  leaderboardWeeks: number[]
  /** Days whose spot finds and streak-reward grants were deleted (every day before yesterday, UTC). */
  days: number[]
  /** Windows whose crowd counters were deleted (every window that has ended, `purgeCrowd`). */
  crowdWindows: number[]
}

/**
 * Delete what has expired, without ever scanning the world:
 *
 * - **public drops**: for every window that has ended (`window < current`),
 *   the watch cells its spawn markers name (`/spawned/{window}`) are deleted
 *   in batches, then the window's branches; collected drops are already gone;
 * - **claims**: for every window that ended more than one window ago (no
 *   collect of it can still be in flight), undelivered claims are first
 *   delivered (`awardClaim`: a function that died between claim and award
 *   loses nothing), then the window's claims are deleted;
 * - **leaderboards**: every week before last week (this week's board is
 *   live, last week's is still shown), its scores first, 16 of its 256
 *   shards per write, then the rest of the week;
 * - **days**: `/spotFinds/{day}` and `/streakRewards/{day}` of every day
 *   before yesterday (UTC), player by player in batches;
 * - **crowd counters** (main instance): every window that has ended
 *   (`purgeCrowd`), so a crowd leaves nothing behind under `/crowd`.
 *
 * Progress is bookmarked in `/meta/purge` (`{drops, claims, leaderboards, days, crowd}`:
 * the last window or week done), so each run handles only new ones; a run
 * that dies half-way is simply repeated (every step is idempotent).
 *
 * Sharded (`GameDatabases`), each instance from its own bookmark on that
 * instance: drops on every regional instance; claims on every regional and
 * every player instance (a streak reward's claim is its player's; a
 * recovery delivers to the collector's player instance and the leaderboard
 * instances, `awardClaim`); the days on every player instance; old weeks on
 * every leaderboard instance; crowd counters on main.
 *
 * @example
 * ```ts
 * export const purge = onSchedule({ schedule: 'every 10 minutes', region }, () => purgeExpired(getDatabase(), Date.now()))
 * ```
 */
export async function purgeExpired(databases: Databases, now: number, hooks: PurgeHooks = {}): Promise<PurgeReport> {
  const { main, regional, players, leaderboards } = gameDatabasesOf(databases)
  const report: PurgeReport = {
    dropWindows: [],
    watchCells: 0,
    claimWindows: [],
    recovered: 0,
    malformedClaims: [],
    leaderboardWeeks: [],
    days: [],
    crowdWindows: [],
  }
  // Streak rewards' claims live on player instances: those are walked for claims only.
  for (const database of new Set([...regional, ...players])) {
    await purgeRegion(database, databases, now, report, { drops: regional.includes(database), hooks })
  }
  // After the claims: a recovered claim of last week still lands on last week's board.
  for (const database of leaderboards) await purgeWeeks(database, now, report)
  for (const database of players) await purgeDays(database, now, report)
  report.crowdWindows = await purgeCrowd(main, now)
  // One window (week, day) purged on two instances is one of the report.
  const distinct = (keys: number[]) => [...new Set(keys)].sort((a, b) => a - b)
  report.dropWindows = distinct(report.dropWindows)
  report.claimWindows = distinct(report.claimWindows)
  report.leaderboardWeeks = distinct(report.leaderboardWeeks)
  report.days = distinct(report.days)
  return report
}

/** One leaderboard instance's weeks before last week, from its own bookmark: its score shards first, then the rest. */
async function purgeWeeks(database: Database, now: number, report: PurgeReport): Promise<void> {
  const bookmark = await readBookmark(database)
  for (const week of pending(bookmark.leaderboards, weekOf(now).index - 2, FIRST_RUN_WEEKS)) {
    const scores = `${databasePaths.leaderboard(week)}/scores`
    for (let start = 0; start < SCORE_SHARDS.length; start += SHARDS_PER_DELETE) {
      const shards = SCORE_SHARDS.slice(start, start + SHARDS_PER_DELETE)
      await database.ref().update(Object.fromEntries(shards.map((shard) => [`${scores}/${shard}`, null])))
    }
    await database.ref().update({ [databasePaths.leaderboard(week)]: null, 'meta/purge/leaderboards': week })
    report.leaderboardWeeks.push(week)
  }
}

/** One player instance's spot finds and streak-reward grants of every day before yesterday, from its own bookmark. */
async function purgeDays(database: Database, now: number, report: PurgeReport): Promise<void> {
  const bookmark = await readBookmark(database)
  const today = spawnDayOf(spawnWindowOf(now).index)
  for (const day of pending(bookmark.days, today - KEPT_DAYS - 1, FIRST_RUN_DAYS)) {
    await deleteInBatches(database, databasePaths.spotFindsDay(day))
    await deleteInBatches(database, databasePaths.streakRewardsDay(day))
    await database
      .ref()
      .update({ [databasePaths.spotFindsDay(day)]: null, [databasePaths.streakRewardsDay(day)]: null, 'meta/purge/days': day })
    report.days.push(day)
  }
}

/**
 * One instance's drops (a regional instance's only) and claims, from its own
 * bookmark; recovered claims are delivered through `databases`.
 */
async function purgeRegion(
  database: Database,
  databases: Databases,
  now: number,
  report: PurgeReport,
  { drops, hooks }: { drops: boolean; hooks: PurgeHooks },
): Promise<void> {
  const current = spawnWindowOf(now).index
  const bookmark = await readBookmark(database)
  for (const window of drops ? pending(bookmark.drops, current - 1) : []) {
    const markers = ((await database.ref(`spawned/${window}`).once('value')).val() ?? {}) as Record<string, unknown>
    const watchCells = [...new Set(Object.keys(markers).map((cell) => cell.slice(0, WATCH_CELL_PRECISION)))]
    for (let start = 0; start < watchCells.length; start += DELETE_BATCH) {
      const batch = watchCells.slice(start, start + DELETE_BATCH)
      await database.ref().update(Object.fromEntries(batch.map((cell) => [`drops/${window}/${cell}`, null])))
    }
    // Whatever is left (a cell written without a marker) goes with the branch, now small.
    await database.ref().update({ [`drops/${window}`]: null, [`spawned/${window}`]: null, 'meta/purge/drops': window })
    report.dropWindows.push(window)
    report.watchCells += watchCells.length
  }

  for (const window of pending(bookmark.claims, current - 2)) {
    const claims = ((await database.ref(`claims/${window}`).once('value')).val() ?? {}) as Record<string, unknown>
    const quarantine: Record<string, unknown> = {}
    for (const [dropId, value] of Object.entries(claims)) {
      const parsed = claimSchema.safeParse(value)
      if (!parsed.success) {
        quarantine[`quarantine/claims/${window}/${dropId}`] = value
        report.malformedClaims.push(`claims/${window}/${dropId}`)
        continue
      }
      if (parsed.data.delivered) continue
      // The collector's records are moved first if a table switch moved them: the award writes there.
      const call = await gameDatabasesOf(databases).forPlayer(parsed.data.uid, now)
      await awardClaim(call, dropId, parsed.data, now, hooks.award)
      report.recovered += 1
    }
    // A claim we cannot read is kept for a human (and reported), never deleted with its evidence.
    await database.ref().update({ ...quarantine, [`claims/${window}`]: null, 'meta/purge/claims': window })
    report.claimWindows.push(window)
  }
}
