import { inventoryItemSchema } from '@worldmap/game'
import { z } from 'zod'

/**
 * A claim at `/claims/{window}/{dropId}` (server-only): who won the drop and
 * everything needed to finish the award if the function dies half-way.
 *
 * @example
 * ```ts
 * const claim = claimSchema.parse(snapshot.val())
 * if (!claim.delivered) await awardClaim(db, dropId, claim, Date.now())
 * ```
 */
export const claimSchema = z.object({
  uid: z.string().min(1),
  watchCell: z.string().regex(/^[0-9b-hjkmnp-z]{6}$/),
  window: z.number().int().nonnegative(),
  // The shared schema is zod/mini; its parse works inside a full-zod object through `z.custom`.
  item: z.custom<z.infer<typeof inventoryItemSchema>>((value) => inventoryItemSchema.safeParse(value).success),
  // A timestamp the calendar functions take (weekOf, localDayOf): anything else is quarantined, never awarded.
  at: z
    .number()
    .nonnegative()
    .max(Date.UTC(9999, 11, 31)),
  /** The zone the collector's device reported (already validated): a resumed award counts the day as the first call would. */
  timeZone: z.string().min(1).max(64).optional(),
  delivered: z.literal(true).optional(),
})

/** One of {@link claimSchema}. */
export type Claim = z.infer<typeof claimSchema>
