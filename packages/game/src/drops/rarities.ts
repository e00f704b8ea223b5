/** Rarities, most common first. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const

/** One of {@link RARITIES}. */
export type Rarity = (typeof RARITIES)[number]

/**
 * Spawn weight of each rarity, out of 100.
 *
 * @example
 * ```ts
 * RARITY_WEIGHTS.legendary // 1 (in 100 drops)
 * ```
 */
export const RARITY_WEIGHTS = { common: 60, uncommon: 25, rare: 10, epic: 4, legendary: 1 } as const satisfies Record<
  Rarity,
  number
>
