import { inventoryItemSchema, type InventoryItem as StoredInventoryItem } from '@worldmap/game'

/** One collected item: where and when it was found, plus its inventory key. */
export type InventoryItem = StoredInventoryItem & { id: string }

/**
 * Turn the raw `/inventories/{uid}` value into items, newest first. Each
 * entry is checked with `@worldmap/game`'s `inventoryItemSchema`, the one the
 * functions write with; entries that do not parse are skipped (written by an
 * older or newer server), never shown half.
 *
 * @example
 * ```ts
 * parseInventoryItems({ a: { kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt: 5 } })
 * // [{ id: 'a', kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt: 5 }]
 * ```
 */
export function parseInventoryItems(value: unknown): InventoryItem[] {
  const items: InventoryItem[] = []
  if (value && typeof value === 'object') {
    for (const [id, raw] of Object.entries(value)) {
      const parsed = inventoryItemSchema.safeParse(raw)
      if (parsed.success) items.push({ id, ...parsed.data })
    }
  }
  return items.sort((a, b) => b.collectedAt - a.collectedAt)
}
