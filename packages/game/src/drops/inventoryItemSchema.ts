import * as z from 'zod/mini'
import { DROP_KINDS } from './dropKinds.js'
import { RARITIES } from './rarities.js'

/**
 * An item at `/inventories/{uid}/{dropId}`, readable by its owner only:
 * what was found, where the drop was and when the owner collected it.
 *
 * @example
 * ```ts
 * const item = inventoryItemSchema.parse(snapshot.val())
 * ```
 */
export const inventoryItemSchema = z.object({
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  dropId: z.string(),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  collectedAt: z.number(),
})

/** One of {@link inventoryItemSchema}. */
export type InventoryItem = z.infer<typeof inventoryItemSchema>
