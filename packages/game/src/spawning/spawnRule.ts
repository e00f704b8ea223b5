import type { Rarity } from '../drops/rarities.js'

/**
 * The numbers of the spawn rule (docs/data-model.md, "The spawn rule"). A
 * UTC day fixes every cell's spots; each spot holds one drop per spawn
 * window, whose kind and rarity renew with the window.
 *
 * @example
 * ```ts
 * SPAWN_RULE.spotSpacingMeters // 150: no two spots of a day are closer
 * ```
 */
export const SPAWN_RULE = {
  /**
   * No two spots of a day are closer than this, metres (hard-core thinning).
   * Three points pairwise this far apart do not fit in a disk of radius
   * 150 / √3 ≈ 86.6 m, so any disk of the largest reach (50 m + 25 m of
   * accuracy = 75 m) holds at most 2 drops, at every latitude.
   */
  spotSpacingMeters: 150,
  /**
   * Candidate spots per km² before the thinning: a cell gets this × its area
   * on average (geohash cells narrow towards the poles, so the count follows
   * the area, not the cell). About 2 in 5 candidates survive the thinning.
   */
  candidatesPerKm2: 35,
  /** One spot in this many is "rich": only rich spots ever hold a rare, epic or legendary drop. */
  richSpotEvery: 4,
  /** Beyond this latitude (°, north or south) no spots exist: nobody lives there, and cells shrink to slivers. */
  maxLatitude: 85,
} as const

/**
 * Rarity weights per window, out of 100, at an ordinary spot and at a rich
 * one (one spot in `SPAWN_RULE.richSpotEvery`). Overall: common 62.5 %,
 * uncommon 29.5 %, rare 6 %, epic 1.5 %, legendary 0.5 % (`RARITY_WEIGHTS`).
 *
 * @example
 * ```ts
 * SPOT_RARITY_WEIGHTS.rich.legendary // 2
 * ```
 */
export const SPOT_RARITY_WEIGHTS = {
  ordinary: { common: 70, uncommon: 30, rare: 0, epic: 0, legendary: 0 },
  rich: { common: 40, uncommon: 28, rare: 24, epic: 6, legendary: 2 },
} as const satisfies Record<'ordinary' | 'rich', Record<Rarity, number>>
