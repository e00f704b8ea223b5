import type { DropKind } from '@worldmap/game'

/** What the game calls a kind of drop and how it introduces it. */
export interface DropKindInfo {
  /** Singular display name: "Compass". */
  name: string
  /** Plural, for the book's completion lines: "Compasses 2/5". */
  plural: string
  /** One line of flavour, shown in the reveal, the book's detail and the share card. */
  description: string
}

/**
 * Names and one-line descriptions of every drop kind — our own copy,
 * short enough for one line on a phone.
 *
 * @example
 * ```ts
 * dropKindInfo.relic.description // 'Older than the streets around it. Someone kept it safe for you.'
 * ```
 */
export const dropKindInfo: Record<DropKind, DropKindInfo> = {
  coin: {
    name: 'Coin',
    plural: 'Coins',
    description: 'Still warm from a stranger’s pocket. Lucky, probably.',
  },
  gem: {
    name: 'Gem',
    plural: 'Gems',
    description: 'A cut stone that catches light nobody else noticed.',
  },
  shell: {
    name: 'Shell',
    plural: 'Shells',
    description: 'Hold it to your ear: the sea, miles from any shore.',
  },
  feather: {
    name: 'Feather',
    plural: 'Feathers',
    description: 'Dropped mid-flight by a bird that knows the way home.',
  },
  crystal: {
    name: 'Crystal',
    plural: 'Crystals',
    description: 'Grew in the dark for a thousand years, waiting for you.',
  },
  compass: {
    name: 'Compass',
    plural: 'Compasses',
    description: 'Its needle points to the next thing worth finding.',
  },
  scroll: {
    name: 'Scroll',
    plural: 'Scrolls',
    description: 'A half-finished map in a hand you almost recognise.',
  },
  relic: {
    name: 'Relic',
    plural: 'Relics',
    description: 'Older than the streets around it. Someone kept it safe for you.',
  },
}
