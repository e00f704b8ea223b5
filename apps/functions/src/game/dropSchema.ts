import { z } from 'zod'

/** Rarities, most common first. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const

/** Spawn weight of each rarity, out of 100. */
export const RARITY_WEIGHTS = { common: 60, uncommon: 25, rare: 10, epic: 4, legendary: 1 } as const satisfies Record<
  (typeof RARITIES)[number],
  number
>

/** The kinds of item a drop can be. */
export const DROP_KINDS = ['coin', 'gem', 'shell', 'feather', 'crystal', 'compass', 'scroll', 'relic'] as const

/**
 * A drop as stored at `/drops/{id}` (plus its `id`). Written only by
 * functions; `collectedBy`/`collectedAt` are set once by the collect
 * transaction.
 *
 * @example
 * ```ts
 * const drop = dropSchema.parse({ id, ...snapshot.val() })
 * ```
 */
export const dropSchema = z.object({
  id: z.string().min(1),
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
  geohash: z.string().min(1),
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  spawnedAt: z.number().int(),
  expiresAt: z.number().int(),
})

/** A drop on the map. */
export type Drop = z.infer<typeof dropSchema>
/** One of {@link RARITIES}. */
export type Rarity = Drop['rarity']
/** One of {@link DROP_KINDS}. */
export type DropKind = Drop['kind']
