import { SPAWN_WINDOW_MS } from '../drops/spawnWindow.js'
import { InvalidTableSwitchError } from '../errors/InvalidTableSwitchError.js'
import { weekOf } from '../time/weekOf.js'
import { createDatabaseRouter, type DatabaseRouter, type DatabaseTable } from './databaseRouter.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long after a switch the old player instances may still be written:
 * a request routed just before the switch finishes within a callable's time
 * limit (60 s) or the longest scheduled run (the nudges, 540 s). Players
 * move only after it, so no late write lands behind a move.
 */
export const PLAYER_MOVE_GRACE_MS = 10 * 60_000

/** A change of the database table, and when it takes effect (see {@link createSwitchedRouter}). */
export interface TableSwitch {
  /** A UTC midnight, ms since the epoch: also a spawn window's start. */
  readonly at: number
  /** The table from then on. `main` never changes: it is where every function and client starts. */
  readonly next: DatabaseTable
}

/** Where a player's records are at a moment, and where they must first be moved from. */
export interface PlayerPlace {
  /** The instance to read and write the player's records on. */
  instance: string
  /** The instance the records must be moved from before use (`movePlayer`), or `null`: they are where they belong. */
  from: string | null
}

/** The table over time: what each kind of record is routed by (see {@link createSwitchedRouter}). */
export interface SwitchedRouter {
  /** The table before the switch (or always, without one). */
  readonly current: DatabaseRouter
  /** The table after it, or `null`. */
  readonly next: DatabaseRouter | null
  /** The switch's time, or `null`. */
  readonly at: number | null
  /** When players start moving: the switch plus {@link PLAYER_MOVE_GRACE_MS}; `null` without a switch. */
  readonly playersMoveAt: number | null
  /** The first spawn window on the next table (the switch's), or `null`. */
  readonly firstWindow: number | null
  /** The first leaderboard week on the next table (the first Monday at or after the switch), or `null`. */
  readonly firstWeek: number | null
  /** The router for regional data (drops, spawn markers, claims) of spawn window `window`. */
  forWindow(window: number): DatabaseRouter
  /** The router for leaderboard `week`'s scores, counters, top and floor. */
  forWeek(week: number): DatabaseRouter
  /** Where `uid`'s records are read and written at `now`. */
  playerAt(uid: string, now: number): PlayerPlace
  /** Every instance either table names, main first, each once (what the purge walks). */
  readonly all: readonly string[]
}

/**
 * The database table over time: a change takes effect at a boundary each
 * kind of record can cross without being copied, except players, who are
 * moved once.
 *
 * - **Regional data** belongs to its spawn window (every path and drop id
 *   spells it out): windows starting at or after `at` route by the next
 *   table, earlier ones by the current. A region moved at `at` spawns its
 *   new windows on the new instance and its old window's markers, drops
 *   and claims stay where they were until the purge removes them: nothing
 *   spawns twice, no claim is looked for in the wrong place.
 * - **Leaderboards** belong to their week: weeks starting at or after `at`
 *   use the next table's leaderboard instances, so a week's counters never
 *   span two tables.
 * - **Players** are routed by the current table until
 *   {@link PLAYER_MOVE_GRACE_MS} after `at`; after that by the next one, and
 *   a player whose instance changes has `from` set: the caller moves the
 *   records (idempotently, `movePlayer`) before using them. The migration tool
 *   moves everyone in bulk right after that moment, so most calls find the move
 *   done.
 *
 * @throws {InvalidTableSwitchError} `at` is not a UTC midnight between 1970 and 9999.
 * @example
 * ```ts
 * const router = createSwitchedRouter(MAIN, current, { at: Date.UTC(2026, 11, 7), next })
 * router.forWindow(window).instanceOfCell('w21z73') // the region's instance for that window
 * router.playerAt(uid, Date.now()) // { instance, from: null } before 00:10 UTC on Dec 7
 * ```
 */
export function createSwitchedRouter(main: string, current: DatabaseTable, change?: TableSwitch): SwitchedRouter {
  const before = createDatabaseRouter(main, current)
  if (!change) {
    return {
      current: before,
      next: null,
      at: null,
      playersMoveAt: null,
      firstWindow: null,
      firstWeek: null,
      forWindow: () => before,
      forWeek: () => before,
      playerAt: (uid) => ({ instance: before.instanceOfPlayer(uid), from: null }),
      all: before.all,
    }
  }
  const { at } = change
  if (!Number.isSafeInteger(at) || at < 0 || at % DAY_MS !== 0 || at > Date.UTC(9999, 0, 1)) {
    throw new InvalidTableSwitchError({ details: 'the switch must be at a UTC midnight (ms since the epoch)' })
  }
  const after = createDatabaseRouter(main, change.next)
  // The first week wholly under the next table: a week that began before the switch keeps its instances.
  const week = weekOf(at)
  const firstWeek = week.startsAt === at ? week.index : week.index + 1
  const firstWindow = at / SPAWN_WINDOW_MS
  const playersMoveAt = at + PLAYER_MOVE_GRACE_MS
  return {
    current: before,
    next: after,
    at,
    playersMoveAt,
    firstWindow,
    firstWeek,
    forWindow: (window) => (window >= firstWindow ? after : before),
    forWeek: (week) => (week >= firstWeek ? after : before),
    playerAt: (uid, now) => {
      if (now < playersMoveAt) return { instance: before.instanceOfPlayer(uid), from: null }
      const instance = after.instanceOfPlayer(uid)
      const old = before.instanceOfPlayer(uid)
      return { instance, from: old === instance ? null : old }
    },
    all: [...new Set([...before.all, ...after.all])],
  }
}
