import type { AnyLiveRecord, LiveArgs, LiveValue } from '@worldmap/game/contract'
import type { WatchPath } from './WatchValue.js'

/**
 * Listen to one record of the contract (`liveRecords`): the row names the
 * path from `args` and reads every stored value, so a listener is one row
 * and one call, never a path paired with a parser by hand. `onValue` gets
 * the row's reading (never a throw: unusable entries are already skipped)
 * and, for rows that say so, why a stored value read as nothing (`problem`,
 * to log). `instance` reads another database instance (a region's drops).
 * Returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchRecord(watch, liveRecords.inventory, [uid], (items) => render(items), console.error)
 * const stopCell = watchRecord(watch, liveRecords.dropsCell, [window, 'w21z73'], setDrops, console.error, regionUrl)
 * ```
 */
export function watchRecord<row extends AnyLiveRecord>(
  // A plain WatchValue is one too: it is only ever given an instance when `instance` is.
  watch: WatchPath,
  row: row,
  args: LiveArgs<row>,
  onValue: (value: LiveValue<row>, problem: unknown) => void,
  onError: (error: Error) => void,
  instance?: string,
): () => void {
  const path = row.path(...args)
  const deliver = (stored: unknown) => onValue(row.read(stored, ...args) as LiveValue<row>, row.problemOf?.(stored))
  // Only a region's cell names an instance: every other watch is called as a plain WatchValue.
  return instance === undefined ? watch(path, deliver, onError) : watch(path, deliver, onError, instance)
}
