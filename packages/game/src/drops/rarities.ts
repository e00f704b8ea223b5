/** Rarities, most common first. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const

/** One of {@link RARITIES}. */
export type Rarity = (typeof RARITIES)[number]

/**
 * Share of each rarity among all drops, out of 100: the mix of the spawn
 * rule's ordinary spots (common 70, uncommon 30) and its rich ones, one in
 * four (common 40, uncommon 28, rare 24, epic 6, legendary 2), see
 * `SPOT_RARITY_WEIGHTS` (`@worldmap/game/server`). Rare and up are 8 in 100
 * drops and stand only on rich spots.
 *
 * @example
 * ```ts
 * RARITY_WEIGHTS.legendary // 0.5 (in 100 drops)
 * ```
 */
export const RARITY_WEIGHTS = { common: 62.5, uncommon: 29.5, rare: 6, epic: 1.5, legendary: 0.5 } as const satisfies Record<
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
