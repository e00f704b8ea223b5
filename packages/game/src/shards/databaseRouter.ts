import { createRegionRouter, type RegionRouter } from './regionRouter.js'

/** Leaderboard counter shards (a player always in the same one, from the last hex digit of the public id). */
export const LEADERBOARD_COUNTER_SHARDS = 8

/**
 * Every database instance's role (docs/data-model.md, "Database instances"):
 * the region table, the player instances and the leaderboard instances. An
 * empty list keeps that data on main.
 */
export interface DatabaseTable {
  /** Geohash prefix → instance URL: drops, spawn markers and claims of that region. */
  readonly regions?: Readonly<Record<string, string>>
  /** Instances sharing the players' records, each player on one of them by a hash of the uid. */
  readonly players?: readonly string[]
  /** Instances sharing the leaderboard's counter shards; the first also holds each week's top and floor. */
  readonly leaderboards?: readonly string[]
}

/** Which instance holds what: regions, players and the leaderboard (see {@link createDatabaseRouter}). */
export interface DatabaseRouter extends RegionRouter {
  /**
   * The instance holding a player's records: profile, anti-cheat state,
   * inventory, streak rewards and their claims, spot finds, notification state.
   */
  instanceOfPlayer(uid: string): string
  /** The instance holding leaderboard counter shard `shard` (0 … {@link LEADERBOARD_COUNTER_SHARDS} − 1): its scores and counters. */
  instanceOfCounterShard(shard: number): string
  /** The instance holding each week's materialised top and its floor. */
  readonly leaderboardHome: string
  /** Every instance that may hold player records, each once (what the purge and the nudges walk). */
  readonly playerInstances: readonly string[]
  /** Every instance that may hold leaderboard data, each once. */
  readonly leaderboardInstances: readonly string[]
  /** Every instance named anywhere, main first, each once. */
  readonly all: readonly string[]
  /** The region table it routes by (prefix → instance). */
  readonly regionTable: Readonly<Record<string, string>>
}

/** 32-bit FNV-1a of a string's UTF-16 code units: small, fast, the same in the app and the functions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  // A final avalanche: FNV's low bits mix poorly for keys that differ only at the end.
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  hash ^= hash >>> 12
  return hash >>> 0
}

/**
 * The instance of `key` among `instances` by rendezvous hashing: the
 * instance with the highest hash of (instance, key). Adding an instance
 * moves only the keys it wins (about 1/(n+1) of them) and removing one moves
 * only its own; the order the instances are listed in does not matter.
 */
function rendezvous(instances: readonly string[], key: string): string {
  let best = instances[0] as string
  let bestScore = -1
  for (const instance of instances) {
    const score = fnv1a(`${instance}\n${key}`)
    if (score > bestScore || (score === bestScore && instance < best)) {
      best = instance
      bestScore = score
    }
  }
  return best
}

/**
 * Route every record to its database instance: regional data by the
 * longest geohash prefix of its cell (`createRegionRouter`), a player's
 * records by a rendezvous hash of the uid over the player instances, and
 * the leaderboard's counter shards round-robin over the leaderboard
 * instances (the top and floor on the first). What no list names stays on
 * `main`: with an empty table, one instance holds everything. The app, the
 * functions, the deploy, the local stack and the bench route with the same
 * table, so every reader finds what the functions wrote.
 *
 * @example
 * ```ts
 * const router = createDatabaseRouter('main', { players: ['https://wm-p1.firebasedatabase.app', 'https://wm-p2.firebasedatabase.app'] })
 * router.instanceOfPlayer('0xabc…') // one of the two, always the same for this uid
 * router.instanceOfCounterShard(3) // 'main': no leaderboard instances
 * ```
 */
export function createDatabaseRouter(main: string, table: DatabaseTable = {}): DatabaseRouter {
  const regionRouter = createRegionRouter(main, table.regions)
  const players = table.players?.length ? [...new Set(table.players)] : [main]
  const leaderboards = table.leaderboards?.length ? [...new Set(table.leaderboards)] : [main]
  return {
    ...regionRouter,
    instanceOfPlayer: (uid) => (players.length === 1 ? (players[0] as string) : rendezvous(players, uid)),
    instanceOfCounterShard: (shard) =>
      leaderboards[(((Math.trunc(shard) % leaderboards.length) + leaderboards.length) % leaderboards.length) | 0] as string,
    leaderboardHome: leaderboards[0] as string,
    playerInstances: players,
    leaderboardInstances: leaderboards,
    all: [...new Set([main, ...regionRouter.instances, ...players, ...leaderboards])],
    regionTable: { ...table.regions },
  }
}

// Defined beside the region table's schema: the app's first load validates both, and carries no router.
export { instanceListMiniSchema } from './regionRouter.js'
