import type { Rarity } from '@worldmap/game'

/**
 * How one rarity looks everywhere: chips, the art's frame, the reveal and the
 * share card. Its name is words, not looks: `rarityName(t, rarity)` (dropNames)
 * in the player's language, beside the colour so colour is never the only cue.
 */
export interface RarityStyle {
  /** The rarity's colour: marker fill, chip background, frame border. */
  color: string
  /** Text on `color` with at least 4.5:1 contrast (WCAG AA). */
  textColor: string
  /** A darker shade for shadows, outlines and text on light backgrounds (≥ 4.5:1 on white). */
  dark: string
  /** Light end of the frame's plate (behind the item). */
  plateLight: string
  /** Dark end of the frame's plate. */
  plateDark: string
  /** Halo colour for the reveal and the share card. */
  glow: string
}

/**
 * The rarity ladder, common → legendary: grey, green, blue, purple, gold —
 * the order players know from other games, so nobody needs a legend. The
 * first three fields match the map's marker colours (`features/map/rarityColors`).
 *
 * @example
 * ```ts
 * chip.style.background = rarityStyles[item.rarity].color
 * chip.textContent = rarityName(t, item.rarity) // 'Legendary'
 * ```
 */
export const rarityStyles: Record<Rarity, RarityStyle> = {
  common: {
    color: '#8a949e',
    textColor: '#000000',
    dark: '#4b5560',
    plateLight: '#f7f8fa',
    plateDark: '#dde2e7',
    glow: '#c5ccd3',
  },
  uncommon: {
    color: '#2f9e44',
    textColor: '#000000',
    dark: '#1d6b2d',
    plateLight: '#f1fbf3',
    plateDark: '#c9ecd2',
    glow: '#7bd88f',
  },
  rare: {
    color: '#1c6fe8',
    textColor: '#ffffff',
    dark: '#134fa8',
    plateLight: '#f0f6ff',
    plateDark: '#c6dafd',
    glow: '#6ea8ff',
  },
  epic: {
    color: '#8e3fd6',
    textColor: '#ffffff',
    dark: '#5f2596',
    plateLight: '#f8f1ff',
    plateDark: '#dcc4f6',
    glow: '#c08cf5',
  },
  legendary: {
    color: '#f0a500',
    textColor: '#000000',
    dark: '#8a5a00',
    plateLight: '#fffbee',
    plateDark: '#ffe3a0',
    glow: '#ffd45c',
  },
}
