import * as z from 'zod/mini'
import { DROP_KINDS } from './dropKinds.js'
import { RARITIES } from './rarities.js'

/**
 * A drop's public record at `/drops/{window}/{watchCell}/{dropId}`: what any
 * signed-in player may see: where it is, what it is and until when. Nothing
 * about who collected it: a collected drop's record is deleted.
 *
 * @example
 * ```ts
 * const drop = publicDropSchema.parse(snapshot.val())
 * ```
 */
export const publicDropSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  expiresAt: z.number(),
})

/** One of {@link publicDropSchema}. */
export type PublicDrop = z.infer<typeof publicDropSchema>

/** A public drop plus its id, as the map holds it. */
export type MapDrop = PublicDrop & {
  id: string
  /** A streak reward's streak day (3 or 7, `streakDropSchema`); absent on every other drop. */
  streakDay?: number
}
