import { DROP_KINDS, type DropKind, RARITIES, type Rarity } from '@worldmap/game'
import type { InventoryItem } from '../finds/InventoryItem.js'

/** One cell of the book: a kind in a rarity, found or not. */
export interface BookCell {
  kind: DropKind
  rarity: Rarity
  /** How many the player has; 0 = not found yet (a silhouette). */
  count: number
  /** When the first one was found (ms), `null` if none. */
  firstAt: number | null
}

/** One row of the book: a kind in every rarity, common first. */
export interface BookRow {
  kind: DropKind
  cells: BookCell[]
  /** How many of the row's rarities have at least one find. */
  found: number
  total: number
  /**
   * When the set was completed — the first find of its last missing rarity
   * (ms) — or `null` while a rarity is missing. A complete set earns the
   * kind's seal; it comes from the finds the server wrote, nothing else.
   */
  completedAt: number | null
}

/** The whole collection book. */
export interface CollectionBook {
  rows: BookRow[]
  /** Cells with at least one find, over all kinds. */
  found: number
  /** Every kind × rarity: 40 with today's game. */
  total: number
  /** Kinds with every rarity found: the seals earned. */
  setsComplete: number
}

/**
 * The collection book, from the inventory's items: every kind × rarity in
 * the game's order, with counts, first-find dates, completion per kind and
 * overall, and the sets complete (a kind in all five rarities) with when.
 *
 * @example
 * ```ts
 * const book = buildCollectionBook(items)
 * `${book.found}/${book.total}` // '12/40'
 * ```
 */
export function buildCollectionBook(items: readonly Pick<InventoryItem, 'kind' | 'rarity' | 'collectedAt'>[]): CollectionBook {
  const tally = new Map<string, { count: number; firstAt: number }>()
  for (const item of items) {
    const key = `${item.kind}:${item.rarity}`
    const entry = tally.get(key)
    if (entry) {
      entry.count += 1
      entry.firstAt = Math.min(entry.firstAt, item.collectedAt)
    } else tally.set(key, { count: 1, firstAt: item.collectedAt })
  }
  const rows = DROP_KINDS.map((kind): BookRow => {
    const cells = RARITIES.map((rarity): BookCell => {
      const entry = tally.get(`${kind}:${rarity}`)
      return { kind, rarity, count: entry?.count ?? 0, firstAt: entry?.firstAt ?? null }
    })
    const found = cells.filter((cell) => cell.count > 0).length
    const completedAt = found === cells.length ? Math.max(...cells.map((cell) => cell.firstAt ?? 0)) : null
    return { kind, cells, found, total: cells.length, completedAt }
  })
  return {
    rows,
    found: rows.reduce((sum, row) => sum + row.found, 0),
    total: rows.reduce((sum, row) => sum + row.total, 0),
    setsComplete: rows.filter((row) => row.completedAt !== null).length,
  }
}
