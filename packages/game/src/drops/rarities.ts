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

/**
 * Weekly leaderboard points a find of each rarity earns a verified human:
 * rarer finds are worth more, but steadily walking beats waiting for luck.
 *
 * @example
 * ```ts
 * RARITY_POINTS.legendary // 25
 * ```
 */
export const RARITY_POINTS = { common: 1, uncommon: 2, rare: 5, epic: 10, legendary: 25 } as const satisfies Record<
  Rarity,
  number
>
