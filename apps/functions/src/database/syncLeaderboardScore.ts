import { randomUUID } from 'node:crypto'
import { databasePaths, LEADERBOARD_BLOCK_POINTS, LEADERBOARD_COUNTER_SHARDS } from '@worldmap/game'
import type { Database, Reference } from 'firebase-admin/database'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/** Entries kept in `/leaderboards/{week}/top`. */
export const TOP_SIZE = 50

/**
 * How long one run owns a player's histogram move. Far longer than a
 * callable may run (60 s), so a live owner is never overtaken; a run that
 * died leaves the move to the next run after this.
 */
export const MOVE_LEASE_MS = 3 * 60_000

/**
 * Each counter (a histogram bucket, a block total) is split into this many
 * shards, a player always in the same one: the busiest counters (the low
 * scores early in the week, block 0) take 1/8 of the transactions each, and
 * a read sums at most 8 small children. The database router spreads the
 * shards over the leaderboard instances (`LEADERBOARD_COUNTER_SHARDS`).
 */
export const COUNTER_SHARDS = LEADERBOARD_COUNTER_SHARDS

/** Moves per call at most: each jumps straight to the latest points, so two are already rare. */
const MAX_ROUNDS = 8

/** A player's weekly total to put on the board. */
export interface LeaderboardScore {
  /** `weekOf(…).index`. */
  week: number
  /** The player's public id (`p` + 24 hex), never the uid. */
  publicId: string
  /** The player's points this week, as `/profiles/{uid}/week` holds them. */
  points: number
}

/** What {@link syncLeaderboardScore} did. */
export interface SyncLeaderboardResult {
  /** The points on the board now (never less than asked). */
  points: number
  /** `false` when another live run was moving this player: it finishes the job, up to these points. */
  settled: boolean
  /**
   * `false` when the top could not be updated (its transaction gave up under
   * contention, e.g. the first minutes of a week): the player's next sync
   * puts them there. The top is a cache of the scores, so this never fails
   * the collect.
   */
  topUpdated: boolean
}

/** A step of a leaderboard move: the lease taken, the counters changed, the move marked counted. */
export type LeaderboardStep = 'leased' | 'applied' | 'finished'

/** Test seams: run something between the steps (a throw there is a crash at that point). */
export interface SyncLeaderboardHooks {
  afterStep?: (step: LeaderboardStep) => void | Promise<void>
}

/** A move of one player in the histogram, from bucket `from` (none when entering) to bucket `to`. */
interface Move {
  to: number
  from?: number
  /** The run that owns the move, until `until` (ms). */
  owner: string
  until: number
  /** Counted (`counted` = `to`); only the buckets' records are left to remove. */
  done?: boolean
}

/** `/leaderboards/{week}/scores/{shard}/{publicId}`. */
interface StoredScore {
  /** The player's points this week (only ever rises). */
  points: number
  /** When they reached them, ms: ties in the top go to whoever got there first. */
  at: number
  /** The bucket the histogram counts the player in (absent: not counted yet). */
  counted?: number
  move?: Move
}

/**
 * A counter: `/leaderboards/{week}/histogram/{block}/{points}` (players with
 * exactly these points) or `/leaderboards/{week}/blocks/{block}` (players
 * with points in that block of {@link LEADERBOARD_BLOCK_POINTS}).
 */
interface Bucket {
  n: number
  /** Moves applied here and not yet cleaned up, per player: what makes a repeated step a no-op. */
  m: Record<string, string>
}

/**
 * Put a player's weekly points on the board: their score, the points
 * histogram that ranks everyone (`1 + players with more points`: the block
 * totals above a player plus the buckets of their own block), and the
 * materialised top 50. Safe to run any number of times, concurrently, and
 * again after a crash at any point; the board ends up counting the player
 * once, at their highest points.
 *
 * Instances: the player's score and every counter shard they are counted in
 * live on one leaderboard instance, `ofCounterShard(counterShardOf(publicId), week)`,
 * so a move never spans two; the top and its floor on `leaderboardHomeOf(week)`.
 *
 * Exactly-once across nodes without multi-node transactions:
 *
 * 1. a transaction on the player's score raises `points` and takes a lease
 *    on the move `counted → points` (one run moves a player at a time; a
 *    concurrent run leaves its points and returns: the owner goes on until
 *    `counted` reaches them);
 * 2. one transaction per counter: +1 in the new bucket, −1 in the old one
 *    (and the same for their blocks, when the move changes block), in the
 *    player's shard of each ({@link COUNTER_SHARDS}), each recording the
 *    move in the counter (`m`), so running it again does nothing;
 * 3. a transaction on the score sets `counted` and marks the move done;
 * 4. the records are removed from the counters, then a last transaction on
 *    the score ends the move.
 *
 * A run that dies leaves its move on the score; the next run after
 * {@link MOVE_LEASE_MS} repeats what is left of it (step 2 is a no-op where
 * it was done). The one case this cannot cover is a run that stalls past its
 * lease (not dies) and sends step 2 after the new owner ended the move: it
 * would count the player twice. The lease is three times a callable's
 * time limit to keep that out of reach.
 * Then the top: a transaction on `/leaderboards/{week}/top` when the points
 * are above its floor (the lowest score of a full top, which only rises in a
 * week, so a run below it touches nothing shared). A failure there is
 * reported (`topUpdated: false`), never thrown: the next sync repairs it.
 *
 * @example
 * ```ts
 * await syncLeaderboardScore(db, { week: weekOf(at).index, publicId, points: 42 }, Date.now())
 * ```
 */
export async function syncLeaderboardScore(
  databases: Databases,
  score: LeaderboardScore,
  now: number,
  hooks: SyncLeaderboardHooks = {},
): Promise<SyncLeaderboardResult> {
  const { week, publicId } = score
  const runId = randomUUID()
  const shard = counterShardOf(publicId)
  const { leaderboardHomeOf, ofCounterShard } = gameDatabasesOf(databases)
  const leaderboardHome = leaderboardHomeOf(week)
  const database = ofCounterShard(shard, week)
  const scoreRef = database.ref(databasePaths.leaderboardScore(week, publicId))
  let stored: StoredScore = { points: 0, at: now }
  let settled = false

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const lease = await leaseMove(scoreRef, score.points, runId, now)
    stored = lease.stored
    if (lease.busy) break
    if (!lease.move) {
      settled = true
      break
    }
    await hooks.afterStep?.('leased')
    const counters = countersOf(database, week, shard, lease.move)
    const ended = await carryOutMove(scoreRef, runId, publicId, lease.move, counters, hooks)
    // Taken over (this run stalled past its lease): the new owner repeats what is left and ends the move.
    if (!ended) break
    stored = ended
  }

  const topUpdated = await updateTop(leaderboardHome, week, publicId, stored).then(
    () => true,
    () => false,
  )
  return { points: stored.points, settled, topUpdated }
}

/** What step 1 found: the score after it, and the move this run now owns (none: nothing to do), or `busy`. */
interface Lease {
  stored: StoredScore
  move?: Move
  /** Another live run owns this player's move. */
  busy?: boolean
}

/** Step 1: raise the points and take the lease on the move `counted → points` (or on a move left by a run that died). */
async function leaseMove(scoreRef: Reference, points: number, runId: string, now: number): Promise<Lease> {
  const lease: { move?: Move; busy?: boolean } = {}
  const leased = await scoreRef.transaction(
    (current: unknown) => {
      // Never abort on a guess: always propose a value, so the server decides from its own copy.
      delete lease.move
      delete lease.busy
      const before = scoreOf(current)
      const raised = Math.max(before.points, points)
      const next: StoredScore = { ...before, points: raised, at: raised > before.points ? now : before.at }
      if (before.move && before.move.until > now && before.move.owner !== runId) {
        lease.busy = true
        return next
      }
      if (before.move) {
        // Ours, or abandoned by a run that died: (re)take it as it is and repeat what is left of it.
        lease.move = { ...before.move, owner: runId, until: now + MOVE_LEASE_MS }
      } else if (raised > 0 && before.counted !== raised) {
        const from = before.counted === undefined ? {} : { from: before.counted }
        lease.move = { to: raised, ...from, owner: runId, until: now + MOVE_LEASE_MS }
      }
      return lease.move ? { ...next, move: lease.move } : next
    },
    undefined,
    false,
  )
  return { stored: scoreOf(leased.snapshot.val()), ...lease }
}

/**
 * Steps 2–4 of an owned move: count it in every counter, mark it counted,
 * forget its records and end it. Resolves the score after it, or `null` when
 * the move was taken over on the way.
 */
async function carryOutMove(
  scoreRef: Reference,
  runId: string,
  publicId: string,
  move: Move,
  counters: [Reference, 1 | -1][],
  hooks: SyncLeaderboardHooks,
): Promise<StoredScore | null> {
  const key = moveKey(move)
  if (!move.done) {
    await Promise.all(counters.map(([counter, delta]) => changeBucket(counter, publicId, key, delta)))
    await hooks.afterStep?.('applied')
    // Counted now; the move stays (done) until its records are gone from the buckets.
    const finished = await updateOwnMove(scoreRef, runId, key, (own) => ({
      ...own,
      counted: move.to,
      move: { ...move, done: true },
    }))
    if (!finished) return null
    await hooks.afterStep?.('finished')
  }
  await Promise.all(counters.map(([counter]) => forgetMove(counter, publicId, key)))
  return updateOwnMove(scoreRef, runId, key, ({ move: _, ...rest }) => rest)
}

/** The counters a move changes, in the player's shard: −1 where the player was counted, +1 where they go (a block only when it changes). */
function countersOf(database: Database, week: number, shard: number, move: Move): [Reference, 1 | -1][] {
  const blockOf = (points: number) => Math.floor(points / LEADERBOARD_BLOCK_POINTS)
  const counters: [string, 1 | -1][] = [[databasePaths.leaderboardBucket(week, move.to), 1]]
  if (move.from !== undefined) counters.push([databasePaths.leaderboardBucket(week, move.from), -1])
  if (move.from === undefined || blockOf(move.from) !== blockOf(move.to)) {
    counters.push([databasePaths.leaderboardBlock(week, blockOf(move.to)), 1])
    if (move.from !== undefined) counters.push([databasePaths.leaderboardBlock(week, blockOf(move.from)), -1])
  }
  return counters.map(([path, delta]) => [database.ref(`${path}/${shard}`), delta])
}

/**
 * Whether a stored score is out of step with `points` (lower, not yet counted
 * in the histogram, or a move abandoned by a run that died), so that
 * {@link syncLeaderboardScore} has work to do.
 *
 * @example
 * ```ts
 * if (scoreNeedsSync(await read(scorePath), week.points, Date.now())) await syncLeaderboardScore(db, score, Date.now())
 * ```
 */
export function scoreNeedsSync(value: unknown, points: number, now: number): boolean {
  const stored = scoreOf(value)
  return stored.points < points || stored.counted !== stored.points || (stored.move !== undefined && stored.move.until <= now)
}

/**
 * Change the score only while this run still owns the move `key`: resolves
 * the stored score after the change, or `null` when the move was taken over.
 */
async function updateOwnMove(
  scoreRef: Reference,
  runId: string,
  key: string,
  change: (own: StoredScore) => StoredScore,
): Promise<StoredScore | null> {
  const own: { done?: boolean } = {}
  const result = await scoreRef.transaction(
    (current: unknown) => {
      const before = scoreOf(current)
      own.done = before.move !== undefined && before.move.owner === runId && moveKey(before.move) === key
      return own.done ? change(before) : current
    },
    undefined,
    false,
  )
  return own.done ? scoreOf(result.snapshot.val()) : null
}

/** Keep `publicId` in the top at its points (if they earn a place), sorted, at most {@link TOP_SIZE}. */
async function updateTop(database: Database, week: number, publicId: string, stored: StoredScore): Promise<void> {
  if (stored.points <= 0) return
  const floor: unknown = (await database.ref(databasePaths.leaderboardFloor(week)).once('value')).val()
  // A full top's last place: a tie goes to whoever got there first, so the same points reached now never enter.
  if (typeof floor === 'number' && stored.points <= floor) return
  const result = await database.ref(databasePaths.leaderboardTop(week)).transaction(
    (current: unknown) => {
      const entries = topOf(current)
      const existing = entries[publicId]
      entries[publicId] = {
        points: Math.max(stored.points, existing?.points ?? 0),
        at: existing && existing.points >= stored.points ? existing.at : stored.at,
      }
      const kept = sortTop(entries).slice(0, TOP_SIZE)
      const changed = !existing || existing.points < stored.points
      // Nothing to write: abort rather than upload the whole top again. Safe even on a stale cached copy: scores
      // only rise, so a place not earned (or held) there is not earned (or is held) on the server's copy either.
      // Only an empty guess is never trusted: it is proposed, and the server answers with its copy.
      if (current !== null && (!changed || !kept.some(([id]) => id === publicId))) return undefined
      return Object.fromEntries(kept)
    },
    undefined,
    false,
  )
  if (!result.committed) return
  const kept = sortTop(topOf(result.snapshot.val()))
  const lowest = kept.at(-1)?.[1].points
  if (kept.length < TOP_SIZE || lowest === undefined) return
  await database
    .ref(databasePaths.leaderboardFloor(week))
    .transaction((current: unknown) => (typeof current === 'number' && current >= lowest ? current : lowest), undefined, false)
}

/** One top entry. */
export interface TopEntry {
  points: number
  /** When the player reached these points, ms (earlier wins a tie for the last places). */
  at: number
}

/**
 * The entries of a stored top (`{publicId: {points, at}}`), best first:
 * points descending, then who got there first, then the id (a stable order).
 *
 * @example
 * ```ts
 * const ranked = sortTop(topOf(snapshot.val()))
 * ```
 */
export function sortTop(entries: Record<string, TopEntry>): [string, TopEntry][] {
  return Object.entries(entries).sort(
    ([idA, a], [idB, b]) => b.points - a.points || a.at - b.at || (idA < idB ? -1 : idA > idB ? 1 : 0),
  )
}

/**
 * A stored top read defensively: malformed entries are dropped.
 *
 * @example
 * ```ts
 * const entries = topOf((await db.ref(databasePaths.leaderboardTop(week)).once('value')).val())
 * ```
 */
export function topOf(value: unknown): Record<string, TopEntry> {
  const entries: Record<string, TopEntry> = {}
  if (typeof value !== 'object' || value === null) return entries
  for (const [id, entry] of Object.entries(value)) {
    if (typeof entry !== 'object' || entry === null) continue
    const { points, at } = entry as Record<string, unknown>
    if (Number.isInteger(points) && (points as number) > 0 && typeof at === 'number')
      entries[id] = { points: points as number, at }
  }
  return entries
}

/**
 * How many players a stored counter counts: the sum of its shards
 * (`{shard: {n, m?}}`); a single `{n}` or a bare number is read as a count
 * too.
 *
 * @example
 * ```ts
 * const above = Object.entries(histogram).reduce((sum, [points, bucket]) => (Number(points) > mine ? sum + bucketCount(bucket) : sum), 0)
 * ```
 */
export function bucketCount(value: unknown): number {
  if (typeof value !== 'object' || value === null || typeof (value as { n?: unknown }).n === 'number') return bucketOf(value).n
  return Object.values(value).reduce((sum: number, shard) => sum + bucketOf(shard).n, 0)
}

/**
 * The counter shard a player is counted in (0 … {@link COUNTER_SHARDS} − 1):
 * from the last hex digit of their public id, so it never changes.
 *
 * @example
 * ```ts
 * counterShardOf('p0123456789abcdef0123456f') // 7
 * ```
 */
export function counterShardOf(publicId: string): number {
  const digit = Number.parseInt(publicId.slice(-1), 16)
  return Number.isNaN(digit) ? 0 : digit % COUNTER_SHARDS
}

/** +1 or −1 in a bucket, once per move: the move's key stays recorded until the move is over. */
function changeBucket(ref: Reference, publicId: string, key: string, delta: 1 | -1) {
  return ref.transaction(
    (current: unknown) => {
      const bucket = bucketOf(current)
      if (bucket.m[publicId] === key) return current
      // Never below zero: a count can only be taken from a bucket this player was counted in.
      return storedBucket({ n: Math.max(0, bucket.n + delta), m: { ...bucket.m, [publicId]: key } })
    },
    undefined,
    false,
  )
}

/** Remove a finished move's record; an empty bucket goes altogether (the histogram stays as small as the spread of points). */
function forgetMove(ref: Reference, publicId: string, key: string) {
  return ref.transaction(
    (current: unknown) => {
      const bucket = bucketOf(current)
      if (bucket.m[publicId] !== key) return current
      const { [publicId]: _, ...rest } = bucket.m
      return storedBucket({ n: bucket.n, m: rest })
    },
    undefined,
    false,
  )
}

function storedBucket(bucket: Bucket): { n: number; m?: Record<string, string> } | null {
  const hasMoves = Object.keys(bucket.m).length > 0
  if (bucket.n === 0 && !hasMoves) return null
  return hasMoves ? { n: bucket.n, m: bucket.m } : { n: bucket.n }
}

function bucketOf(value: unknown): Bucket {
  if (Number.isInteger(value) && (value as number) >= 0) return { n: value as number, m: {} }
  if (typeof value !== 'object' || value === null) return { n: 0, m: {} }
  const { n, m } = value as Record<string, unknown>
  const moves: Record<string, string> = {}
  if (typeof m === 'object' && m !== null) {
    for (const [id, key] of Object.entries(m)) if (typeof key === 'string') moves[id] = key
  }
  return { n: Number.isInteger(n) && (n as number) >= 0 ? (n as number) : 0, m: moves }
}

function scoreOf(value: unknown): StoredScore {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const isPoints = (x: unknown): x is number => Number.isInteger(x) && (x as number) > 0
  const score: StoredScore = {
    points: isPoints(record.points) ? record.points : 0,
    at: typeof record.at === 'number' ? record.at : 0,
  }
  if (isPoints(record.counted)) score.counted = record.counted
  const move = record.move as Record<string, unknown> | null | undefined
  if (
    typeof move === 'object' &&
    move !== null &&
    isPoints(move.to) &&
    typeof move.owner === 'string' &&
    typeof move.until === 'number'
  ) {
    score.move = {
      to: move.to,
      owner: move.owner,
      until: move.until,
      ...(isPoints(move.from) ? { from: move.from } : {}),
      ...(move.done === true ? { done: true } : {}),
    }
  }
  return score
}

/** Unique per player and week: points only rise, so no two moves of one player share both ends. */
function moveKey(move: Pick<Move, 'from' | 'to'>): string {
  return `${move.from ?? 0}>${move.to}`
}
