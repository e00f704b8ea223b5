import type { SwitchedRouter } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { type MovePlayerHooks, movePlayer } from '../database/movePlayer.js'
import { MigrationTooEarlyError } from './MigrationTooEarlyError.js'

/** Keys read per page when listing an instance's players: a page of profiles is a few hundred KB. */
const PAGE = 500

/** The top-level nodes keyed by uid that every player with any record has at least one of. */
const PLAYER_INDEXES = ['profiles', 'players', 'notifications/players'] as const

/** What a table switch changes, as the dry run prints it. */
export interface MigrationPlan {
  /** The switch (UTC midnight) and when players start moving (`PLAYER_MOVE_GRACE_MS` later), ISO. */
  switchAt: string
  playersMoveAt: string
  /** Region prefixes whose instance changes: their windows from the switch on are spawned on `to`; nothing is copied. */
  regions: { prefix: string; from: string; to: string }[]
  /** The first leaderboard week on the next table's instances, and those instances. */
  leaderboards: { fromWeek: number; instances: readonly string[] }
  /** Players whose instance changes, per pair of instances. */
  moves: { from: string; to: string; players: number }[]
  /** Players listed who stay where they are. */
  staying: number
}

/** What a run moved (see {@link runMigration}). */
export interface MigrationReport {
  moved: number
  /** Already moved by an earlier run or by a function on the player's first call. */
  arrived: number
  /** Another live mover held the player until the run's last attempt: run again. */
  busy: string[]
  /** Players whose move failed (a network error, a crash): each is resumable, run again. */
  failed: { uid: string; message: string }[]
  records: number
  bytes: number
}

/** Where the tool reads and writes: the switched table and a handle per instance URL. */
export interface MigrationContext {
  router: SwitchedRouter
  /** The Admin SDK handle of an instance, by URL (main's too). */
  open: (url: string) => Database
}

/**
 * The dry run: what the switch in `router` changes, counted on the live
 * data, without writing anything. Players are listed page by page from each
 * current player instance (`profiles`, `players`, `notifications/players`
 * keys), never the whole tree at once.
 *
 * @throws {MigrationTooEarlyError} `router` has no switch.
 * @example
 * ```ts
 * const { plan } = await planMigration({ router, open })
 * console.table(plan.moves)
 * ```
 */
export async function planMigration({ router, open }: MigrationContext): Promise<{ plan: MigrationPlan; movers: Mover[] }> {
  const { next, at, playersMoveAt } = router
  if (next === null || at === null || playersMoveAt === null)
    throw new MigrationTooEarlyError({ details: 'no switch configured' })
  const movers: Mover[] = []
  let staying = 0
  for (const instance of router.current.playerInstances) {
    for (const uid of await listPlayers(open(instance))) {
      const place = router.playerAt(uid, playersMoveAt)
      if (place.from === null) staying++
      else movers.push({ uid, from: place.from, to: place.instance })
    }
  }
  const pairs = new Map<string, { from: string; to: string; players: number }>()
  for (const { from, to } of movers) {
    const key = `${from}\n${to}`
    const pair = pairs.get(key) ?? { from, to, players: 0 }
    pair.players++
    pairs.set(key, pair)
  }
  const window = router.firstWindow ?? 0
  const prefixes = new Set([...Object.keys(router.current.regionTable), ...Object.keys(next.regionTable)])
  const regions = [...prefixes].flatMap((prefix) => {
    const from = router.forWindow(window - 1).instanceOfCell(prefix)
    const to = router.forWindow(window).instanceOfCell(prefix)
    return from === to ? [] : [{ prefix, from, to }]
  })
  return {
    plan: {
      switchAt: new Date(at).toISOString(),
      playersMoveAt: new Date(playersMoveAt).toISOString(),
      regions,
      leaderboards: { fromWeek: router.firstWeek ?? 0, instances: next.leaderboardInstances },
      moves: [...pairs.values()],
      staying,
    },
    movers,
  }
}

/** One player to move. */
export interface Mover {
  uid: string
  from: string
  to: string
}

/**
 * Move every player the switch moves (`movePlayer`: exactly once,
 * resumable), `concurrency` at a time; a player another mover holds is
 * tried again at the end, and listed in `busy` if still held; a move that
 * fails is listed in `failed` and the others go on. Running it
 * again after a crash or a partial run finishes the job and moves nobody twice.
 *
 * @throws {MigrationTooEarlyError} before the players' move time (`playersMoveAt`): the old instances may still be written.
 * @example
 * ```ts
 * const report = await runMigration({ router, open }, Date.now(), { concurrency: 16 })
 * ```
 */
export async function runMigration(
  context: MigrationContext,
  now: number,
  { concurrency = 16, hooks = () => ({}) }: { concurrency?: number; hooks?: (uid: string) => MovePlayerHooks } = {},
): Promise<MigrationReport> {
  const { playersMoveAt } = context.router
  if (playersMoveAt !== null && now < playersMoveAt) {
    throw new MigrationTooEarlyError({ details: `players move from ${new Date(playersMoveAt).toISOString()}` })
  }
  const { movers } = await planMigration(context)
  const report: MigrationReport = { moved: 0, arrived: 0, busy: [], failed: [], records: 0, bytes: 0 }
  const moveAll = async (batch: Mover[]) => {
    const held: Mover[] = []
    let next = 0
    const worker = async () => {
      while (next < batch.length) {
        const mover = batch[next++] as Mover
        // One player's failure never stops the others: it is reported, and the next run resumes it.
        const result = await movePlayer(context.open(mover.from), context.open(mover.to), mover.uid, now, hooks(mover.uid)).catch(
          (error: unknown) => {
            report.failed.push({ uid: mover.uid, message: error instanceof Error ? error.message : String(error) })
            return null
          },
        )
        if (result === null) continue
        if (result.outcome === 'busy') held.push(mover)
        else if (result.outcome === 'arrived') report.arrived++
        else report.moved++
        report.records += result.records
        report.bytes += result.bytes
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, batch.length)) }, worker))
    return held
  }
  const held = await moveAll(movers)
  report.busy = (await moveAll(held)).map((mover) => mover.uid)
  return report
}

/** Every uid with a record on `database`, from the player indexes' keys, a page at a time. */
async function listPlayers(database: Database): Promise<string[]> {
  const uids = new Set<string>()
  for (const index of PLAYER_INDEXES) {
    let after: string | null = null
    for (;;) {
      const base = database.ref(index).orderByKey()
      const query = (after === null ? base : base.startAt(after)).limitToFirst(PAGE + 1)
      const keys = Object.keys(((await query.once('value')).val() as Record<string, unknown> | null) ?? {}).sort()
      const fresh = keys.filter((key) => key !== after)
      for (const key of fresh) uids.add(key)
      if (keys.length < PAGE + 1 || fresh.length === 0) break
      after = fresh.at(-1) as string
    }
  }
  return [...uids].sort()
}
