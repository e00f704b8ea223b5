import type { Rarity } from '@worldmap/game'

/** How one rarity is drawn: marker colour, a readable text colour on it, and its name. */
export interface RarityStyle {
  /** Marker fill and the sheet's rarity chip. */
  color: string
  /** Text on `color` with at least 4.5:1 contrast (WCAG AA). */
  textColor: string
  /** Human name, used in labels so colour is never the only cue. */
  label: string
}

/**
 * Marker colours by rarity, following the usual game ladder (grey, green,
 * blue, purple, gold) so players read them without a legend. Labels go into
 * every marker's accessible name, because colour alone fails colour-blind
 * players and screen readers.
 *
 * @example
 * ```ts
 * marker.style.background = rarityColors[drop.rarity].color
 * marker.ariaLabel = `${rarityColors[drop.rarity].label} ${drop.kind}`
 * ```
 */
export const rarityColors: Record<Rarity, RarityStyle> = {
  common: { color: '#8a949e', textColor: '#000000', label: 'Common' },
  uncommon: { color: '#2f9e44', textColor: '#000000', label: 'Uncommon' },
  rare: { color: '#1c6fe8', textColor: '#ffffff', label: 'Rare' },
  epic: { color: '#8e3fd6', textColor: '#ffffff', label: 'Epic' },
  legendary: { color: '#f0a500', textColor: '#000000', label: 'Legendary' },
}
