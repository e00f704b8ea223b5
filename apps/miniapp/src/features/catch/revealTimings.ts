import type { Rarity } from '@worldmap/game'

/** When each part of a reveal arrives, ms after it opens, and how big the art is. */
export interface RevealTiming {
  /** The art's size, px (its stage is 64 px wider, for the rays). */
  artSize: number
  /** The glow gathers before the art: nothing for the everyday finds. */
  chargeMs: number
  /** The art's pop, after the charge. */
  popMs: number
  /** The words (rarity, name, count, reward) rise. */
  textAtMs: number
  /** The goal ring starts filling (its fill takes {@link RING_FILL_MS}). */
  ringAtMs: number
  /** The celebration shows and its haptic plays (after the ring is full). */
  celebrateAtMs: number
}

/** The ring's fill transition (progressRing.css), ms. */
export const RING_FILL_MS = 600

const timing = (artSize: number, chargeMs: number, popMs: number): RevealTiming => {
  const textAtMs = chargeMs + Math.round(popMs * 0.8)
  const ringAtMs = textAtMs + 300
  return { artSize, chargeMs, popMs, textAtMs, ringAtMs, celebrateAtMs: ringAtMs + RING_FILL_MS + 100 }
}

/**
 * The reveal's pace by rarity: common and uncommon pop at once; rare and up
 * gather their light first and pop bigger and slower, legendary the longest
 * (about 1.5 s before the words, against half a second for a common), so a
 * rare find feels rare. Under `prefers-reduced-motion` none of this runs:
 * everything is there at once (the celebration's words and haptic too).
 *
 * @example
 * ```ts
 * revealTimings.legendary.celebrateAtMs > revealTimings.common.celebrateAtMs // true
 * ```
 */
export const revealTimings: Record<Rarity, RevealTiming> = {
  common: timing(160, 0, 520),
  uncommon: timing(168, 0, 560),
  rare: timing(184, 350, 750),
  epic: timing(200, 600, 900),
  legendary: timing(220, 900, 1100),
}
