import type { MapDrop } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import type { WatchPath } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'

export type { WatchPath } from '../../lib/firebase/WatchValue.js'

/** The watch cell a value was read from: `/drops/{window}/{watchCell}`. */
export interface DropsCell {
  window: number
  watchCell: string
}

/** One watch cell's state: not answered yet, its drops, or why it could not be read. */
export type CellState =
  | { status: 'pending' }
  | { status: 'ready'; drops: readonly MapDrop[] }
  | { status: 'failed'; error: Error }

/** The shared listeners of {@link createCellListeners}. */
export interface CellListeners {
  /**
   * Join the listener of `/drops/{window}/{watchCell}` (started by the first
   * to join): `onChange` runs on every new value or error of that cell.
   * Returns the function that leaves it.
   */
  join(cell: DropsCell, onChange: () => void): () => void
  /** The cell's latest state (`pending` for a cell nobody listens to). */
  read(cell: DropsCell): CellState
  /** Paths with a live listener (for tests and diagnostics). */
  paths(): string[]
}

interface Entry {
  cell: DropsCell
  state: CellState
  members: Set<() => void>
  stop: () => void
}

const pending: CellState = { status: 'pending' }

/**
 * One database listener per watch-cell path, shared by everyone who joins
 * it, with the cell's parsed drops kept. `instanceOfCell` names the database
 * instance holding a watch cell's drops in a window (the region router's
 * `instanceOfCell` for that window's table: drops are sharded by region, and
 * a table switch routes by window). The path spells out the window, so it
 * keys its instance too: a window's cell never changes instance, and the
 * next window's listener is a new one. Each cell is watched there,
 * so a map near a region boundary listens on two instances at once. Without
 * it every cell is read from the main instance. A cell left by its last member is
 * dropped a microtask later, not at once: re-subscribing around a new centre
 * (stop, then watch) keeps the cells both centres share, with their drops,
 * instead of tearing them down and downloading them again.
 *
 * @example
 * ```ts
 * const cells = createCellListeners(backend.watch, (watchCell, window) => router.forWindow(window).instanceOfCell(watchCell))
 * const leave = cells.join({ window, watchCell: 'w21z73' }, () => render(cells.read({ window, watchCell: 'w21z73' })))
 * ```
 */
export function createCellListeners(
  watch: WatchPath,
  instanceOfCell?: (watchCell: string, window: number) => string,
): CellListeners {
  const entries = new Map<string, Entry>()

  const release = (path: string, entry: Entry) => {
    queueMicrotask(() => {
      if (entry.members.size > 0 || entries.get(path) !== entry) return
      entries.delete(path)
      entry.stop()
    })
  }

  return {
    join(cell, onChange) {
      const path = liveRecords.dropsCell.path(cell.window, cell.watchCell)
      let entry = entries.get(path)
      if (!entry) {
        const created: Entry = { cell, state: pending, members: new Set(), stop: () => {} }
        entries.set(path, created)
        const notify = (state: CellState) => {
          created.state = state
          for (const member of [...created.members]) member()
        }
        created.stop = watchRecord(
          watch,
          liveRecords.dropsCell,
          [cell.window, cell.watchCell],
          (drops) => notify({ status: 'ready', drops }),
          (error) => notify({ status: 'failed', error }),
          instanceOfCell?.(cell.watchCell, cell.window),
        )
        entry = created
      }
      const joined = entry
      // A member that joins twice is two members: each leave removes its own.
      const member = () => onChange()
      joined.members.add(member)
      let left = false
      return () => {
        if (left) return
        left = true
        joined.members.delete(member)
        if (joined.members.size === 0) release(path, joined)
      }
    },
    read(cell) {
      return entries.get(liveRecords.dropsCell.path(cell.window, cell.watchCell))?.state ?? pending
    },
    paths: () => [...entries.keys()],
  }
}
