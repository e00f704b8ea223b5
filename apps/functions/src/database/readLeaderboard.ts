import { databasePaths, LEADERBOARD_BLOCK_POINTS, weekOf } from '@worldmap/game'
import type { LeaderboardEntry, LeaderboardReply } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import { publicCardOf } from '../publicCard/publicCardOf.js'
import type { PublicCard, PublicCardCache } from './createPublicCardCache.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { isRanked, profileRecordOf } from './profileRecord.js'
import { bucketCount, counterShardOf, scoreNeedsSync, sortTop, syncLeaderboardScore, topOf } from './syncLeaderboardScore.js'

/**
 * One row of the weekly board (`getLeaderboardContract`): a verified human's
 * public card and points, never a uid or wallet. The server always names the
 * card (`publicCardOf`); the contract lets the app read a missing name too.
 */
export type LeaderboardRow = LeaderboardEntry & { username: string }

/** The `getLeaderboard` reply (`getLeaderboardContract`); ranks are 1 + the players with more points, so ties share one. */
export type LeaderboardResult = Omit<LeaderboardReply, 'entries'> & { entries: LeaderboardRow[] }

/**
 * This week's board for the caller `uid`: the materialised top 50 joined
 * with the players' public cards (`/publicProfiles/{publicId}`: username,
 * avatar), and the caller's own rank, `1 + players with more points`
 * (`countPlayersAbove`), so it needs no query over a million scores. A
 * ranked caller whose score is out of step with their profile (a collect
 * that died mid-way) is brought up to date first.
 *
 * Reads: 3 fields of the caller's profile (on their player instance), the
 * top (on the week's `leaderboardHomeOf`), one public card per row not in `options.cards`
 * (main) and, for a ranked caller, their score (on their counter shard's
 * instance), the block totals and their block's buckets (on every
 * leaderboard instance of the week, summed).
 *
 * @example
 * ```ts
 * const { entries, you } = await readLeaderboard(db, uid, Date.now(), { cards: createPublicCardCache() })
 * ```
 */
export async function readLeaderboard(
  databases: Databases,
  uid: string,
  now: number,
  options: { cards?: PublicCardCache; avatarOrigins?: readonly string[] } = {},
): Promise<LeaderboardResult> {
  const week = weekOf(now)
  const { main, ofPlayer, ofCounterShard, leaderboardHomeOf } = gameDatabasesOf(databases)
  const readOn = async (database: Database, path: string): Promise<unknown> => (await database.ref(path).once('value')).val()
  const player = ofPlayer(uid)
  const profilePath = databasePaths.profile(uid)
  const [publicId, verifiedLevel, weekly] = await Promise.all([
    readOn(player, `${profilePath}/publicId`),
    readOn(player, `${profilePath}/verifiedLevel`),
    readOn(player, databasePaths.week(uid)),
  ])
  const profile = profileRecordOf({ publicId, verifiedLevel, week: weekly })
  // Only a ranked player has weekly points; anything else on the profile is not on the board.
  const points = isRanked(profile) && profile.week?.week === week.index ? profile.week.points : 0
  const ranked = points > 0
  if (ranked && profile.publicId) {
    const score = { week: week.index, publicId: profile.publicId, points }
    const scores = ofCounterShard(counterShardOf(profile.publicId), week.index)
    if (scoreNeedsSync(await readOn(scores, databasePaths.leaderboardScore(week.index, profile.publicId)), points, now)) {
      await syncLeaderboardScore(databases, score, now)
    }
  }

  const [storedTop, above] = await Promise.all([
    readOn(leaderboardHomeOf(week.index), databasePaths.leaderboardTop(week.index)),
    ranked ? countPlayersAbove(databases, week.index, points) : 0,
  ])
  const top = sortTop(topOf(storedTop))
  const rankIn = (score: number) => 1 + top.filter(([, entry]) => entry.points > score).length
  const cardOf = async (id: string): Promise<PublicCard> => {
    // The caller's own card is always read: a name they have just published shows on their next look.
    const cached = id === profile.publicId ? undefined : options.cards?.get(id, now)
    if (cached) return cached
    const stored = await readOn(main, databasePaths.publicProfile(id))
    if (typeof stored !== 'object' || stored === null) return {}
    options.cards?.set(id, stored as PublicCard, now)
    return stored as PublicCard
  }
  const cards = await Promise.all(top.map(([id]) => cardOf(id)))
  const entries = top.map(([id, entry], index): LeaderboardRow => {
    // Checked again on read: a card stored before the name and avatar rules shows nothing they refuse.
    const card = publicCardOf(cards[index], id, options.avatarOrigins ?? [])
    return {
      rank: rankIn(entry.points),
      username: card.username,
      profilePictureUrl: card.profilePictureUrl,
      verified: true,
      points: entry.points,
      you: id === profile.publicId,
    }
  })

  // The top is exact for its own rows; the histogram may trail it by a move in flight.
  const rank = ranked ? Math.max(1 + above, rankIn(points)) : null
  return {
    week: week.index,
    startsAt: week.startsAt,
    endsAt: week.endsAt,
    entries,
    you: { ranked, rank, points },
  }
}

/**
 * How many players have more than `points` in week `week`: the totals of
 * the blocks above `points`' block, plus the buckets above it in its own
 * block. Two small reads per leaderboard instance (≈ one entry per 100
 * points of the best score, and at most 100 buckets), whatever the number
 * of players; each instance holds its counter shards' children, summed.
 *
 * @example
 * ```ts
 * const rank = 1 + (await countPlayersAbove(db, weekOf(Date.now()).index, 42))
 * ```
 */
export async function countPlayersAbove(databases: Databases, week: number, points: number): Promise<number> {
  const block = Math.floor(points / LEADERBOARD_BLOCK_POINTS)
  const sumAbove = (counters: unknown, threshold: number) =>
    Object.entries(typeof counters === 'object' && counters !== null ? counters : {}).reduce(
      (sum, [key, value]) => (Number(key) > threshold ? sum + bucketCount(value) : sum),
      0,
    )
  const counts = await Promise.all(
    gameDatabasesOf(databases)
      .leaderboardsOf(week)
      .map(async (database) => {
        const [blocks, buckets] = await Promise.all(
          [databasePaths.leaderboardBlocks(week), databasePaths.leaderboardHistogramBlock(week, block)].map(
            async (path) => (await database.ref(path).once('value')).val() as unknown,
          ),
        )
        return sumAbove(blocks, block) + sumAbove(buckets, points)
      }),
  )
  return counts.reduce((sum, count) => sum + count, 0)
}
