import { databasePaths } from '@worldmap/game'

/**
 * @typedef {{ id: string, lat: number, lng: number, expiresAt: number }} WatchedDrop
 */

/**
 * Live copies of watch cells (`/drops/{window}/{watchCell}`), shared by every
 * simulated player of the load run: one Admin SDK value listener per cell
 * that at least one player watches (reference-counted), like the app's map
 * listens to its 9 cells. Collected drops disappear from a cell as soon as
 * the database deletes them, so players stop walking to them.
 *
 * Each cell is watched on the instance that holds it (`databaseOfCell`, the
 * region router), as the app listens where the functions write.
 *
 * @param {(cell: string) => import('firebase-admin/database').Database} databaseOfCell
 * @example
 * ```js
 * const watcher = createCellWatcher(databases.ofCell)
 * watcher.watch(window, 'w21z73')
 * watcher.drops(window, 'w21z73') // WatchedDrop[] (empty until the first value arrives)
 * watcher.unwatch(window, 'w21z73')
 * ```
 */
export function createCellWatcher(databaseOfCell) {
  /** @type {Map<string, { count: number, drops: WatchedDrop[], ids: Set<string>, ref: any, listener: any }>} */
  const cells = new Map()
  const none = /** @type {WatchedDrop[]} */ ([])
  let updates = 0

  return {
    /** Value events received so far (for the report). */
    get updates() {
      return updates
    },
    /** Cells watched now. */
    get size() {
      return cells.size
    },
    /** @param {number} window @param {string} cell */
    watch(window, cell) {
      const key = `${window}/${cell}`
      const entry = cells.get(key)
      if (entry) {
        entry.count += 1
        return
      }
      const ref = databaseOfCell(cell).ref(databasePaths.dropsCell(window, cell))
      /** @type {{ count: number, drops: WatchedDrop[], ids: Set<string>, ref: any, listener: any }} */
      const created = { count: 1, drops: none, ids: new Set(), ref, listener: null }
      created.listener = ref.on('value', (snapshot) => {
        updates += 1
        const value = snapshot.val()
        const drops = []
        if (value && typeof value === 'object') {
          for (const [id, drop] of Object.entries(value)) {
            if (drop && typeof drop.lat === 'number' && typeof drop.lng === 'number') {
              drops.push({ id, lat: drop.lat, lng: drop.lng, expiresAt: drop.expiresAt })
            }
          }
        }
        created.drops = drops
        created.ids = new Set(drops.map((drop) => drop.id))
      })
      cells.set(key, created)
    },
    /** @param {number} window @param {string} cell */
    unwatch(window, cell) {
      const key = `${window}/${cell}`
      const entry = cells.get(key)
      if (!entry) return
      entry.count -= 1
      if (entry.count > 0) return
      entry.ref.off('value', entry.listener)
      cells.delete(key)
    },
    /** The cell's live drops as last seen. @param {number} window @param {string} cell @returns {readonly WatchedDrop[]} */
    drops(window, cell) {
      return cells.get(`${window}/${cell}`)?.drops ?? none
    },
    /** Whether a drop is still in its (watched) cell. @param {number} window @param {string} cell @param {string} id */
    has(window, cell, id) {
      return cells.get(`${window}/${cell}`)?.ids.has(id) ?? false
    },
    /** Stop every listener. */
    close() {
      for (const entry of cells.values()) entry.ref.off('value', entry.listener)
      cells.clear()
    },
  }
}
