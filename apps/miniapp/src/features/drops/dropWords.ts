import type { DropKind, Rarity } from '@worldmap/game'

/**
 * The catalogue keys of a drop's words (the shared `drops` fragment): its
 * kind's name, its rarity's name, and its full name, which some languages
 * build kind-first with the rarity agreeing in gender.
 *
 * @example
 * ```tsx
 * const t = useT()
 * t(dropWords.label(drop)) // 'Legendary Gem', 'Gema legendaria'
 * ```
 */
export const dropWords = {
  kind: (kind: DropKind) => `drops.kind.${kind}` as const,
  rarity: (rarity: Rarity) => `drops.rarity.${rarity}` as const,
  label: ({ kind, rarity }: { kind: DropKind; rarity: Rarity }) => `drops.label.${kind}.${rarity}` as const,
}
