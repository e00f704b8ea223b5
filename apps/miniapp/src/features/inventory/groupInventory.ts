import * as z from 'zod/mini'
import { DROP_KINDS, type DropKind, RARITIES, type Rarity } from '../map/mapDropSchema.js'

/** An item as stored at `/inventories/{uid}/{itemId}` (product design, "Data"). */
const inventoryItemSchema = z.object({
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  dropId: z.string(),
  lat: z.number(),
  lng: z.number(),
  collectedAt: z.number(),
})

/** One line of the inventory: all items of one kind and rarity. */
export interface InventoryGroup {
  kind: DropKind
  rarity: Rarity
  count: number
  /** When the newest of them was collected (ms since the epoch). */
  lastCollectedAt: number
}

/**
 * Turn the raw `/inventories/{uid}` value into inventory lines: items
 * grouped by kind and rarity with counts, newest first. Entries that do not
 * parse are skipped (written by an older or newer server), never shown half.
 *
 * @example
 * ```ts
 * groupInventory({ a: { kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt: 5 } })
 * // [{ kind: 'gem', rarity: 'rare', count: 1, lastCollectedAt: 5 }]
 * ```
 */
export function groupInventory(value: unknown): InventoryGroup[] {
  const groups = new Map<string, InventoryGroup>()
  if (value && typeof value === 'object') {
    for (const raw of Object.values(value)) {
      const parsed = inventoryItemSchema.safeParse(raw)
      if (!parsed.success) continue
      const { kind, rarity, collectedAt } = parsed.data
      const key = `${kind}:${rarity}`
      const group = groups.get(key)
      if (group) {
        group.count += 1
        group.lastCollectedAt = Math.max(group.lastCollectedAt, collectedAt)
      } else groups.set(key, { kind, rarity, count: 1, lastCollectedAt: collectedAt })
    }
  }
  return [...groups.values()].sort((a, b) => b.lastCollectedAt - a.lastCollectedAt)
}
