import { type AnyLiveRecord, type LiveArgs, liveRecords } from '@worldmap/game/contract'
import type { DatabaseTarget } from './WatchValue.js'

type Rows = typeof liveRecords

/** Where each listened record lives: a player's records on that player's instance; a region's cell where its caller says. */
type Homes = { [name in keyof Rows]: ((...args: LiveArgs<Rows[name]>) => DatabaseTarget) | 'named by the caller' }

// Every row of `liveRecords` has an entry (a new row without one does not compile): the functions write
// these records on `router.instanceOfPlayer(uid)`, so the app must read them there (docs/data-model.md).
const homes = {
  verifiedLevel: (uid) => ({ player: uid }),
  progress: (uid) => ({ player: uid }),
  inventory: (uid) => ({ player: uid }),
  streakDrops: (uid) => ({ player: uid }),
  spotFinds: (_day, uid) => ({ player: uid }),
  // A region's drops: the region router's instance of the cell (createCellListeners names it).
  dropsCell: 'named by the caller',
} satisfies Homes

const homeOfRow = new Map<AnyLiveRecord, (typeof homes)[keyof Rows]>(
  (Object.keys(homes) as (keyof Rows)[]).map((name) => [liveRecords[name], homes[name]]),
)

/**
 * The database instance a listened record is on, from its row and path
 * arguments: `{ player: uid }` for a player's records (profile level,
 * progress, inventory, streak rewards, spot finds), `undefined` for a row
 * whose instance its caller names (a region's drops cell) or that is not a
 * `liveRecords` row.
 *
 * @example
 * ```ts
 * homeOfRecord(liveRecords.spotFinds, [20_412, uid]) // { player: uid }
 * homeOfRecord(liveRecords.dropsCell, [window, 'w21z73']) // undefined: the caller names the region's instance
 * ```
 */
export function homeOfRecord<row extends AnyLiveRecord>(row: row, args: LiveArgs<row>): DatabaseTarget | undefined {
  const home = homeOfRow.get(row)
  return typeof home === 'function' ? (home as (...args: unknown[]) => DatabaseTarget)(...(args as unknown[])) : undefined
}
