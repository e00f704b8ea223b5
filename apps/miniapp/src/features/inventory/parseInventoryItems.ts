import * as z from 'zod/mini'
import { DROP_KINDS, RARITIES } from '../map/mapDropSchema.js'

/** An item as stored at `/inventories/{uid}/{itemId}` (product design, "Data"). */
const inventoryItemSchema = z.object({
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  dropId: z.string(),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  collectedAt: z.number(),
})

/** One collected item: where and when it was found, plus its inventory key. */
export type InventoryItem = z.infer<typeof inventoryItemSchema> & { id: string }

/**
 * Turn the raw `/inventories/{uid}` value into items, newest first. Entries
 * that do not parse are skipped (written by an older or newer server), never
 * shown half.
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
