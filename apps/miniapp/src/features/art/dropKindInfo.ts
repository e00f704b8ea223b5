import { DROP_KINDS, type DropKind } from '@worldmap/game'
import { artEn } from '../../lib/i18n/catalogues/en/art.js'
import { dropsEn } from '../../lib/i18n/catalogues/en/drops.js'

/** What the game calls a kind of drop and how it introduces it, in English. */
export interface DropKindInfo {
  /** Singular display name: "Compass". */
  name: string
  /** Plural, for the book's completion lines: "Compasses 2/5". */
  plural: string
  /** One line of flavour, shown in the reveal, the book's detail and the share card. */
  description: string
}

/**
 * Names and one-line descriptions of every drop kind in English, read from
 * the English catalogue (one source for the words). Screens show the
 * player's language through `dropNames` (`kindName`, `kindDescription`…)
 * and `useT`; this table is for code that has no `t`, such as tests.
 *
 * @example
 * ```ts
 * dropKindInfo.relic.description // 'Older than the streets around it. Someone kept it safe for you.'
 * ```
 */
export const dropKindInfo: Record<DropKind, DropKindInfo> = Object.fromEntries(
  DROP_KINDS.map((kind) => [
    kind,
    { name: dropsEn[`drops.kind.${kind}`], plural: dropsEn[`drops.kinds.${kind}`], description: artEn[`art.about.${kind}`] },
  ]),
) as Record<DropKind, DropKindInfo>
