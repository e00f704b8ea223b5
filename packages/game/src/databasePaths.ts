/**
 * Points per block of the leaderboard's histogram: a rank sums the few block
 * totals above a player and the buckets of their own block, never the whole
 * histogram.
 */
export const LEADERBOARD_BLOCK_POINTS = 100

/**
 * The Realtime Database layout, in one place for the functions, the app,
 * the rules tests and the load run (see docs/data-model.md). Every key is
 * validated before it gets here.
 *
 * @example
 * ```ts
 * onValue(ref(db, databasePaths.dropsCell(window, 'w21z73')), render)
 * ```
 */
export const databasePaths = {
  /** Public: the live drops of one watch cell in one spawn window. */
  dropsCell: (window: number, watchCell: string) => `drops/${window}/${watchCell}`,
  /** Public: one drop's record (deleted when collected). */
  drop: (window: number, watchCell: string, dropId: string) => `drops/${window}/${watchCell}/${dropId}`,
  /** Server only: the watch cells of a window already spawned (`{watchCell: at}`; the spawn unit, see the spawn rule). */
  spawnedCell: (window: number, cell: string) => `spawned/${window}/${cell}`,
  /** Server only: who collected a drop, with the item (the "once, ever" record). */
  claim: (window: number, dropId: string) => `claims/${window}/${dropId}`,
  /**
   * Owner-readable, server-written: the player's streak reward drops, `{dropId: StreakDrop}` (`streakDropSchema`:
   * a public drop's `{lat, lng, kind, rarity, expiresAt}` plus `streakDay`), at most one a day; reserved to the
   * player (nobody else can read or collect it), deleted when collected. The map listens to this node.
   */
  streakDrops: (uid: string) => `streakDrops/${uid}`,
  /** Owner-readable, server-written: one streak reward drop (see {@link databasePaths.streakDrops}). */
  streakDrop: (uid: string, dropId: string) => `streakDrops/${uid}/${dropId}`,
  /** Server only: one day's streak-reward grants, purged with the day. */
  streakRewardsDay: (day: number) => `streakRewards/${day}`,
  /** Server only: the streak reward a player got on local day `day` (`dayNumberOf`), `{dropId, at}`: once a day. */
  streakReward: (day: number, uid: string) => `streakRewards/${day}/${uid}`,
  /** Server only: one UTC day's (`dayOfWindow`) spot finds, purged with the day. */
  spotFindsDay: (day: number) => `spotFinds/${day}`,
  /**
   * Owner-readable, server-written: the spots a player found on UTC day `day` (`spotOfDrop`), `{spot: dropId}`.
   * The map listens to it to hide the later windows' drops on those spots.
   */
  spotFinds: (day: number, uid: string) => `spotFinds/${day}/${uid}`,
  /** A player found the drop at spot `spot` (`{cell}_{index}`) on UTC day `day`: the drop id (see {@link databasePaths.spotFinds}). */
  spotFind: (day: number, uid: string, spot: string) => `spotFinds/${day}/${uid}/${spot}`,
  /** Owner only: collected items. */
  inventory: (uid: string) => `inventories/${uid}`,
  inventoryItem: (uid: string, dropId: string) => `inventories/${uid}/${dropId}`,
  /** Owner only: verification, public id, server-kept stats. */
  profile: (uid: string) => `profiles/${uid}`,
  /** Owner-readable, server-written: the World ID level (`VERIFICATION_LEVELS`), absent until verified. */
  verifiedLevel: (uid: string) => `profiles/${uid}/verifiedLevel`,
  /** Owner-readable, server-written: daily progress (`progressSchema`). */
  progress: (uid: string) => `profiles/${uid}/progress`,
  /** Owner-readable, server-written: the collection book, `{kind: {rarity: {count, firstAt}}}`. */
  collection: (uid: string) => `profiles/${uid}/collection`,
  /** Owner-readable, server-written: this week's points, `{week, points}` (verified humans only). */
  week: (uid: string) => `profiles/${uid}/week`,
  /** Signed-in players: what a leaderboard shows (username, avatar, verified). */
  publicProfile: (publicId: string) => `publicProfiles/${publicId}`,
  /** Server only: anti-cheat state (last position report, quota buckets). */
  player: (uid: string) => `players/${uid}`,
  /** Server only: one week's leaderboard (`scores`, `histogram`, `top`, `floor`). */
  leaderboard: (week: number) => `leaderboards/${week}`,
  /**
   * Server only: a player's score in a week, under a shard named by two hex
   * digits of the public id (`p` + 24 hex), so a week can be deleted in 256
   * pieces without listing a million keys.
   */
  leaderboardScore: (week: number, publicId: string) => `leaderboards/${week}/scores/${publicId.slice(1, 3)}/${publicId}`,
  /** Server only: how many players have exactly `points` this week (`{n}`), grouped by block. */
  leaderboardBucket: (week: number, points: number) =>
    `leaderboards/${week}/histogram/${Math.floor(points / LEADERBOARD_BLOCK_POINTS)}/${points}`,
  /** Server only: the buckets of one block of {@link LEADERBOARD_BLOCK_POINTS} points. */
  leaderboardHistogramBlock: (week: number, block: number) => `leaderboards/${week}/histogram/${block}`,
  /** Server only: every block's total (`{block: {n}}`): players with points in that block. */
  leaderboardBlocks: (week: number) => `leaderboards/${week}/blocks`,
  leaderboardBlock: (week: number, block: number) => `leaderboards/${week}/blocks/${block}`,
  /** Server only: the week's materialised top 50. */
  leaderboardTop: (week: number) => `leaderboards/${week}/top`,
  /** Server only: the lowest score in a full top 50 (only ever rises in a week): below it, the top is left alone. */
  leaderboardFloor: (week: number) => `leaderboards/${week}/floor`,
} as const
