import { databasePaths } from '../databasePaths.js'
import { type Progress, progressSchema } from '../progress/progressSchema.js'
import { readDropsCell, readFoundSpots, readInventory, readStreakDrops } from './readRecords.js'
import { verificationLevelOf } from './verifyHumanContract.js'

/**
 * One record the app listens to, the realtime half of the contract: where it
 * is (a `databasePaths` function) and how a stored value reads. The row is
 * the only place a path meets its reader, so the app cannot listen to a
 * record and read it with another record's schema.
 *
 * @example
 * ```ts
 * const row: LiveRecord<[uid: string], InventoryEntry[]> = liveRecords.inventory
 * onValue(ref(db, row.path(uid)), (snapshot) => render(row.read(snapshot.val(), uid)))
 * ```
 */
export interface LiveRecord<args extends readonly unknown[], value> {
  /** The record's path, from its arguments (`databasePaths`'s function). */
  path: (...args: args) => string
  /**
   * A stored value as the app uses it, given the path's arguments; never
   * throws. A missing node reads as empty (or `null`), unusable entries are
   * skipped, an unusable record reads as `null`: the database is written by
   * servers older and newer than the app.
   */
  read: (stored: unknown, ...args: args) => value
  /**
   * Why a stored value read as nothing although something was stored, for the
   * app to log; `undefined` when it is usable or absent. Only rows whose whole
   * value is one record have it (a skipped entry of a node is routine).
   */
  problemOf?: (stored: unknown) => unknown
}

/** Any {@link LiveRecord}, whatever its arguments and value. */
// biome-ignore lint/suspicious/noExplicitAny: a row's arguments are its own; `never` would reject every reader.
export type AnyLiveRecord = LiveRecord<any, unknown>
/** The path arguments of a {@link LiveRecord}. */
export type LiveArgs<row extends AnyLiveRecord> = Parameters<row['path']>
/**
 * What a {@link LiveRecord} reads as: the app's types of a record come from its row, never restated.
 *
 * @example
 * ```ts
 * type InventoryItem = LiveValue<typeof liveRecords.inventory>[number] // { id, kind, rarity, dropId, lat, lng, collectedAt }
 * ```
 */
export type LiveValue<row extends AnyLiveRecord> = ReturnType<row['read']>

/**
 * A row from its path and reader, the reader checked against the path's
 * arguments (one that wants others does not compile) but kept as it is, so
 * a reader that needs none is called with none.
 */
const liveRecord = <
  args extends readonly unknown[],
  row extends { read: (stored: unknown, ...args: args) => unknown; problemOf?: (stored: unknown) => unknown },
>(
  path: (...args: args) => string,
  row: row,
): row & { path: (...args: args) => string } => ({ ...row, path })

const readProgress = (stored: unknown): Progress | null => {
  const parsed = progressSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}

/**
 * The records the app listens to, one row each: its path and its tolerant
 * reader. Add a listener by adding its row here (see docs/data-model.md).
 *
 * @example
 * ```ts
 * const path = liveRecords.inventory.path(uid) // 'inventories/{uid}'
 * const items = liveRecords.inventory.read(snapshot.val()) // newest first, unusable entries skipped
 * const drops = liveRecords.dropsCell.read(snapshot.val(), window, 'w21z73') // only this cell's drops
 * ```
 */
export const liveRecords = {
  /** The World ID level: anything but a known level reads as not verified (`null`), the safe side. */
  verifiedLevel: liveRecord(databasePaths.verifiedLevel, { read: verificationLevelOf }),
  /** Daily progress (`progressSchema`); `null` before the first find or when unusable (see `problemOf`). */
  progress: liveRecord(databasePaths.progress, {
    read: readProgress,
    problemOf: (stored: unknown) => (stored == null ? undefined : progressSchema.safeParse(stored).error),
  }),
  /** The collected items, newest first. */
  inventory: liveRecord(databasePaths.inventory, { read: readInventory }),
  /** The player's streak rewards, expired ones included (liveness is the caller's clock's). */
  streakDrops: liveRecord(databasePaths.streakDrops, { read: readStreakDrops }),
  /** The spots the player found on a UTC day. */
  spotFinds: liveRecord(databasePaths.spotFinds, { read: readFoundSpots }),
  /** One watch cell's live public drops in one spawn window. */
  dropsCell: liveRecord(databasePaths.dropsCell, { read: readDropsCell }),
} as const
