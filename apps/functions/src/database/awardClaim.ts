import { databasePaths, RARITY_POINTS, recordFind, spawnWindowOf, weekOf } from '@worldmap/game'
import { fileStreakStart } from '../notifications/syncNotificationsInDatabase.js'
import { type AwardOutcome, awardOutcomeOf } from './awardOutcomeOf.js'
import type { Claim } from './claimSchema.js'
import { dropHomeOf } from './dropHomeOf.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { isRanked, type ProfileRecord, profileRecordOf, type WeeklyPoints } from './profileRecord.js'
import { type LeaderboardStep, syncLeaderboardScore } from './syncLeaderboardScore.js'

/** Windows a counted drop id is remembered for: a day, far longer than any claim waits for its delivery. */
const COUNTED_WINDOWS = 48

/**
 * A step of the award a test seam can stop after: the inventory written, the
 * drop's record removed, the find counted on the profile, the leaderboard's
 * steps (`leased`, `applied`, `finished`), the board synced (`ranked`), the
 * streak start filed (`filed`), the claim marked delivered.
 */
export type AwardStep = 'inventory' | 'record' | 'counted' | LeaderboardStep | 'ranked' | 'filed' | 'delivered'

/** Test seams: run something between the steps (a throw there is a crash at that point). */
export interface AwardClaimHooks {
  /** Runs after the profile transaction counted the find, before the leaderboard. */
  afterCount?: () => void | Promise<void>
  /** Runs after each step. */
  afterStep?: (step: AwardStep) => void | Promise<void>
}

/**
 * Finish a won claim: put the item in its collector's inventory, remove the
 * drop's public record, count it once on the collector's profile, put the
 * points on the weekly board, and mark the claim delivered. Every step is
 * idempotent, so it is safe to run again after a crash at any point (a retry
 * by the player, or the purge's recovery) and never awards twice:
 *
 * 1. `inventories/{uid}/{dropId}` (same key, same value on a repeat) and
 *    the drop's record → null (`drops/{window}/{cell}/{dropId}`, or a streak
 *    reward's `streakDrops/{uid}/{dropId}`): one multi-path update when
 *    one instance holds both (a streak reward: both on the player's
 *    instance), else one write on each (the inventory on the player's
 *    instance, the drop on its region's), the inventory first;
 * 2. one transaction on `profiles/{uid}` that, only if `stats.counted` does
 *    not hold the drop id yet, adds one to `stats.collected`, counts the find
 *    in `progress` (`recordFind`, in the player's stored time zone, at the
 *    claim's time), in `collection/{kind}/{rarity}` `{count, firstAt}` and,
 *    for a ranked player (orb-verified, with a public id), in `week`
 *    `{week, points}` (firebase-server, the local database, has no
 *    `ServerValue.increment`; and an increment would count a repeat twice);
 * 3. `syncLeaderboardScore` with the profile's weekly total: it sets the
 *    board to that total (a repeat finds it there), so a crash between 2 and
 *    3 is finished by the next run;
 * 4. `fileStreakStart`: a find that starts a streak files a player who
 *    granted notifications for the streak reminders (the sync keeps players
 *    with nothing to be reminded of out of the index); one small read on a
 *    streak's first day, a write only when not yet filed;
 * 5. `delivered: true` on the claim (on the region's instance, or the
 *    player's for a streak reward), last, so an undelivered claim always
 *    means "run this again".
 *
 * Instances: steps 1, 2 and 4 on the player's (`ofPlayer(uid)`), step 3 on
 * the player's counter shard's leaderboard instance and the top's
 * (`leaderboardHomeOf(week)`), the drop's record and step 5 on the claim's. No write
 * spans two instances, so a crash between any two leaves only steps that the
 * next run repeats as no-ops.
 *
 * Resolves what the collect reply tells: first find, count, points, progress.
 *
 * @example
 * ```ts
 * const { firstFind, count, points, progress } = await awardClaim(db, 'w21z73t_997459_3', claim, Date.now())
 * ```
 */
export async function awardClaim(
  databases: Databases,
  dropId: string,
  claim: Claim,
  now: number,
  hooks: AwardClaimHooks = {},
): Promise<AwardOutcome> {
  const { uid, window, item } = claim
  const database = gameDatabasesOf(databases).ofPlayer(uid)
  const { region, dropPath } = recordOf(databases, dropId, claim)
  const inventoryPath = databasePaths.inventoryItem(uid, dropId)
  if (region === database) {
    await database.ref().update({ [inventoryPath]: item, [dropPath]: null })
    await hooks.afterStep?.('inventory')
  } else {
    // Inventory first: a crash between the two leaves a stale public record that anyone's collect
    // answers `already_collected` (the claim decides), never an item that is gone from both.
    await database.ref(inventoryPath).set(item)
    await hooks.afterStep?.('inventory')
    await region.ref(dropPath).remove()
  }
  await hooks.afterStep?.('record')
  // A claim older than the memory (a purge catching up) still remembers itself.
  const oldest = Math.min(spawnWindowOf(now).index - COUNTED_WINDOWS, window)
  const findWeek = weekOf(claim.at).index
  // What the last run of the transaction function (the committed one) decided.
  const counting: { awarded?: number } = {}
  const result = await database.ref(databasePaths.profile(uid)).transaction(
    (current: unknown) => {
      delete counting.awarded
      const profile = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {}
      const stats = typeof profile.stats === 'object' && profile.stats !== null ? (profile.stats as Record<string, unknown>) : {}
      const collected = typeof stats.collected === 'number' ? stats.collected : 0
      const counted: Record<string, number> = {}
      if (typeof stats.counted === 'object' && stats.counted !== null) {
        for (const [id, countedWindow] of Object.entries(stats.counted)) {
          if (typeof countedWindow === 'number' && countedWindow >= oldest) counted[id] = countedWindow
        }
      }
      if (dropId in counted) return { ...profile, stats: { ...stats, collected, counted } }

      const record = profileRecordOf(profile)
      const entry = record.collection[item.kind]?.[item.rarity]
      const week = weekAfter(record, findWeek, RARITY_POINTS[item.rarity])
      counting.awarded = week.awarded
      return {
        ...profile,
        stats: { ...stats, collected: collected + 1, counted: { ...counted, [dropId]: window } },
        progress: recordFind(record.progress, claim.at, claim.timeZone),
        collection: {
          ...record.collection,
          [item.kind]: {
            ...record.collection[item.kind],
            [item.rarity]: { count: (entry?.count ?? 0) + 1, firstAt: entry?.firstAt ?? claim.at },
          },
        },
        ...(week.points ? { week: week.points } : {}),
      }
    },
    undefined,
    false,
  )
  const profile = profileRecordOf(result.snapshot.val())
  await hooks.afterCount?.()
  await hooks.afterStep?.('counted')

  // Last week's board is still shown; anything older is being purged and must not be re-created.
  if (isRanked(profile) && profile.publicId && profile.week && profile.week.week >= weekOf(now).index - 1) {
    await syncLeaderboardScore(
      databases,
      { week: profile.week.week, publicId: profile.publicId, points: profile.week.points },
      now,
      hooks.afterStep ? { afterStep: hooks.afterStep } : {},
    )
    await hooks.afterStep?.('ranked')
  }

  await fileStreakStart(database, uid, profile.progress, now)
  await hooks.afterStep?.('filed')

  await region.ref(databasePaths.claim(window, dropId)).transaction(
    // Only an existing claim is marked: one the purge deleted meanwhile is not re-created as a stub.
    (current: unknown) => (typeof current === 'object' && current !== null ? { ...current, delivered: true } : current),
    undefined,
    false,
  )
  await hooks.afterStep?.('delivered')
  return awardOutcomeOf(profile, claim, counting.awarded)
}

/** The drop's record and its instance, from the id: a public drop's on its region, a streak reward's under its player on theirs. */
function recordOf(databases: Databases, dropId: string, { uid, window, watchCell }: Claim) {
  const home = dropHomeOf(databases, dropId, uid)
  return {
    region: home?.database ?? gameDatabasesOf(databases).ofCell(watchCell, window),
    dropPath: home?.recordPath ?? databasePaths.drop(window, watchCell, dropId),
  }
}

/**
 * The profile's weekly points after a find of `worth` points in week `findWeek`:
 * added for a ranked player; a find from a week the player has already left
 * (a crashed collect recovered after Monday) adds nothing, and a new week
 * starts from zero.
 */
function weekAfter(profile: ProfileRecord, findWeek: number, worth: number): { points: WeeklyPoints | null; awarded: number } {
  if (!isRanked(profile)) return { points: profile.week, awarded: 0 }
  if (profile.week && profile.week.week > findWeek) return { points: profile.week, awarded: 0 }
  const before = profile.week?.week === findWeek ? profile.week.points : 0
  return { points: { week: findWeek, points: before + worth }, awarded: worth }
}
