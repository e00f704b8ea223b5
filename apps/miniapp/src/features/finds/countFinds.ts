import type { InventoryItem } from './InventoryItem.js'

/** How many items were found today (local time) and in all. */
export interface FindsCount {
  today: number
  total: number
}

/**
 * Count the finds of today — since local midnight, the player's day, not
 * UTC's — and in all.
 *
 * @example
 * ```ts
 * countFinds(items, Date.now()) // { today: 2, total: 17 }
 * ```
 */
export function countFinds(items: readonly Pick<InventoryItem, 'collectedAt'>[], now: number): FindsCount {
  const midnight = new Date(now)
  midnight.setHours(0, 0, 0, 0)
  const start = midnight.getTime()
  return { today: items.filter((item) => item.collectedAt >= start).length, total: items.length }
}
