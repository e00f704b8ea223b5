import type { Rarity } from '@worldmap/game'

/** How one rarity is drawn: marker colour and a readable text colour on it (its name: `rarityName` in features/art/dropNames). */
export interface RarityStyle {
  /** Marker fill and the sheet's rarity chip. */
  color: string
  /** Text on `color` with at least 4.5:1 contrast (WCAG AA). */
  textColor: string
}

/**
 * Marker colours by rarity, following the usual game ladder (grey, green,
 * blue, purple, gold) so players read them without a legend. The rarity's
 * name, in the player's language, goes into every marker's accessible name
 * beside the colour, because colour alone fails colour-blind players and
 * screen readers.
 *
 * @example
 * ```ts
 * marker.style.background = rarityColors[drop.rarity].color
 * marker.ariaLabel = dropName(t, drop) // 'Legendary Gem'
 * ```
 */
export const rarityColors: Record<Rarity, RarityStyle> = {
  common: { color: '#8a949e', textColor: '#000000' },
  uncommon: { color: '#2f9e44', textColor: '#000000' },
  rare: { color: '#1c6fe8', textColor: '#ffffff' },
  epic: { color: '#8e3fd6', textColor: '#ffffff' },
  legendary: { color: '#f0a500', textColor: '#000000' },
}
