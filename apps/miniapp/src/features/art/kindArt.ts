import type { DropKind, Rarity } from '@worldmap/game'
import type { DrawArt, KindArt } from './artParts.js'
import { coinArt } from './coinArt.js'
import { compassArt } from './compassArt.js'
import { crystalArt } from './crystalArt.js'
import { featherArt } from './featherArt.js'
import { gemArt } from './gemArt.js'
import { relicArt } from './relicArt.js'
import { scrollArt } from './scrollArt.js'
import { shellArt } from './shellArt.js'

export type { ArtPart, KindArt } from './artParts.js'

// Each drawing stays inside about 20..82 on both axes, so the smallest
// frame (a 37-unit plate) still shows it whole. Every kind climbs its own
// ladder of five objects — the item itself changes with rarity, not only the
// frame — so the book's 40 cells are 40 different things to find.
const drawings: Record<DropKind, Record<Rarity, DrawArt>> = {
  coin: coinArt,
  gem: gemArt,
  shell: shellArt,
  feather: featherArt,
  crystal: crystalArt,
  compass: compassArt,
  scroll: scrollArt,
  relic: relicArt,
}

/**
 * The drawing of one drop kind in one rarity, its gradient ids built by `id`
 * so two drawings on one page never share (and break) each other's gradients.
 *
 * @example
 * ```ts
 * const { defs, parts } = kindArt('shell', 'epic', (name) => `art1-${name}`)
 * ```
 */
export function kindArt(kind: DropKind, rarity: Rarity, id: (name: string) => string): KindArt {
  return drawings[kind][rarity](id)
}
