import type { AnyLiveRecord, LiveArgs, LiveValue } from '@worldmap/game/contract'
import { homeOfRecord } from './homeOfRecord.js'
import type { DatabaseTarget, WatchPath } from './WatchValue.js'

/**
 * Listen to one record of the contract (`liveRecords`): the row names the
 * path from `args` and reads every stored value, so a listener is one row
 * and one call, never a path paired with a parser by hand. `onValue` gets
 * the row's reading (never a throw: unusable entries are already skipped)
 * and, for rows that say so, why a stored value read as nothing (`problem`,
 * to log). A player's records are read on that player's instance
 * (`{ player: uid }`, {@link homeOfRecord}); `instance` names the instance
 * of a record whose caller knows it (a region's drops). Returns the
 * unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchRecord(watch, liveRecords.inventory, [uid], (items) => render(items), console.error)
 * const stopCell = watchRecord(watch, liveRecords.dropsCell, [window, 'w21z73'], setDrops, console.error, regionUrl)
 * ```
 */
export function watchRecord<row extends AnyLiveRecord>(
  watch: WatchPath,
  row: row,
  args: LiveArgs<row>,
  onValue: (value: LiveValue<row>, problem: unknown) => void,
  onError: (error: Error) => void,
  instance?: DatabaseTarget,
): () => void {
  const path = row.path(...args)
  const target = instance ?? homeOfRecord(row, args)
  const deliver = (stored: unknown) => onValue(row.read(stored, ...args) as LiveValue<row>, row.problemOf?.(stored))
  // A record on main is asked for without a target, as every watch understands.
  return target === undefined ? watch(path, deliver, onError) : watch(path, deliver, onError, target)
}
