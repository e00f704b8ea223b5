import { databasePaths, type MapDrop } from '@worldmap/game'
import { type DropsCell, parseCellDrops } from './parseCellDrops.js'

/** Listens to one database path's value (the injected Firebase primitive). */
export type WatchPath = (path: string, onValue: (value: unknown) => void, onError: (error: Error) => void) => () => void

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
 * it, with the cell's parsed drops kept. A cell left by its last member is
 * dropped a microtask later, not at once: re-subscribing around a new centre
 * (stop, then watch) keeps the cells both centres share, with their drops,
 * instead of tearing them down and downloading them again.
 *
 * @example
 * ```ts
 * const cells = createCellListeners(backend.watch)
 * const leave = cells.join({ window, watchCell: 'w21z73' }, () => render(cells.read({ window, watchCell: 'w21z73' })))
 * ```
 */
export function createCellListeners(watch: WatchPath): CellListeners {
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
      const path = databasePaths.dropsCell(cell.window, cell.watchCell)
      let entry = entries.get(path)
      if (!entry) {
        const created: Entry = { cell, state: pending, members: new Set(), stop: () => {} }
        entries.set(path, created)
        const notify = (state: CellState) => {
          created.state = state
          for (const member of [...created.members]) member()
        }
        created.stop = watch(
          path,
          (value) => notify({ status: 'ready', drops: parseCellDrops(value, cell) }),
          (error) => notify({ status: 'failed', error }),
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
      return entries.get(databasePaths.dropsCell(cell.window, cell.watchCell))?.state ?? pending
    },
    paths: () => [...entries.keys()],
  }
}
