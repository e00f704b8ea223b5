import type { DropKind, Rarity } from '@worldmap/game'
import type { InventoryItem } from './InventoryItem.js'

/** One line of the inventory: all items of one kind and rarity. */
export interface InventoryGroup {
  kind: DropKind
  rarity: Rarity
  count: number
  /** When the newest of them was collected (ms since the epoch). */
  lastCollectedAt: number
  /** The items themselves, newest first (the detail lists them). */
  items: InventoryItem[]
}

/**
 * Group parsed inventory items into inventory lines: by kind and rarity,
 * with counts, newest first.
 *
 * @example
 * ```ts
 * groupInventory(liveRecords.inventory.read(snapshot.val()))
 * // [{ kind: 'gem', rarity: 'rare', count: 1, lastCollectedAt: 5, items: [{ id: 'a', … }] }]
 * ```
 */
export function groupInventory(items: readonly InventoryItem[]): InventoryGroup[] {
  const groups = new Map<string, InventoryGroup>()
  for (const item of [...items].sort((a, b) => b.collectedAt - a.collectedAt)) {
    const key = `${item.kind}:${item.rarity}`
    const group = groups.get(key)
    if (group) {
      group.count += 1
      group.items.push(item)
    } else groups.set(key, { kind: item.kind, rarity: item.rarity, count: 1, lastCollectedAt: item.collectedAt, items: [item] })
  }
  // Items were visited newest first, so each group's first item set its lastCollectedAt.
  return [...groups.values()].sort((a, b) => b.lastCollectedAt - a.lastCollectedAt)
}
