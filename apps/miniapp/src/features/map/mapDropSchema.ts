import * as z from 'zod/mini'

/** Rarities, most common first (mirrors the server's `RARITIES`; the app never imports server code). */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const

/** The kinds of item a drop can be (mirrors the server's `DROP_KINDS`). */
export const DROP_KINDS = ['coin', 'gem', 'shell', 'feather', 'crystal', 'compass', 'scroll', 'relic'] as const

/**
 * A drop as the map receives it from the server (`/drops/{id}` plus its id,
 * or an entry of `ensureDropsNear`'s `drops`). Extra fields such as
 * `collectedBy` are stripped; a data source parses with this before handing
 * drops to the map, so the map can trust what it draws.
 *
 * @example
 * ```ts
 * const drop = mapDropSchema.parse({ id: snapshot.key, ...snapshot.val() })
 * ```
 */
export const mapDropSchema = z.object({
  id: z.string().check(z.minLength(1)),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  expiresAt: z.number(),
})

/** A drop on the map. */
export type MapDrop = z.infer<typeof mapDropSchema>
/** One of {@link RARITIES}. */
export type Rarity = MapDrop['rarity']
/** One of {@link DROP_KINDS}. */
export type DropKind = MapDrop['kind']
