import type { DropKind, Rarity } from '@worldmap/game'
import { type ArtPart, kindArt } from './kindArt.js'
import { rarityFrame, SILHOUETTE_FILL, SILHOUETTE_PLATE } from './rarityFrame.js'
import type { SvgNode } from './SvgNode.js'

/** Input of {@link dropArtTree}. */
export interface DropArtTreeInput {
  kind: DropKind
  rarity: Rarity
  /** Draw the "not found yet" variant: grey frame outline and the item's shape only. */
  silhouette?: boolean
  /** Prefix of gradient ids; unique per drawing on one page. */
  idPrefix: string
}

/** The size of the drawing's box; the art scales to any pixel size from it. */
export const DROP_ART_VIEWBOX = '0 0 100 100'

/** One flat colour for a node and its children: the silhouette's fill, or the plate's for a cutout. */
function flatten(node: SvgNode, color: string): SvgNode {
  const attrs = { ...node.attrs }
  if ('fill' in attrs && attrs.fill !== 'none') attrs.fill = color
  if ('stroke' in attrs) attrs.stroke = color
  delete attrs.opacity
  return node.children
    ? { tag: node.tag, attrs, children: node.children.map((child) => flatten(child, color)) }
    : { tag: node.tag, attrs }
}

/**
 * An item drawing's nodes: as drawn, or as its silhouette — the body in
 * one grey, cutouts as holes, details dropped.
 *
 * @example
 * ```ts
 * itemNodes(kindArt('gem', 'rare', id).parts, true)
 * ```
 */
export function itemNodes(parts: ArtPart[], silhouette: boolean): SvgNode[] {
  if (!silhouette) return parts.map((part) => part.node)
  return parts.filter((part) => !part.detail).map((part) => flatten(part.node, part.cutout ? SILHOUETTE_PLATE : SILHOUETTE_FILL))
}

/**
 * The children of a drop's `<svg>`: its rarity frame behind, the kind's
 * drawing, the frame's ornaments over it. Plain data, drawn by
 * {@link DropArt} on screen and {@link renderDropArtSvg} for images.
 *
 * @example
 * ```ts
 * const children = dropArtTree({ kind: 'gem', rarity: 'rare', idPrefix: 'card' })
 * ```
 */
export function dropArtTree({ kind, rarity, silhouette = false, idPrefix }: DropArtTreeInput): SvgNode[] {
  const id = (name: string) => `${idPrefix}-${name}`
  const frame = rarityFrame(rarity, id, silhouette)
  const item = kindArt(kind, rarity, id)
  const defs = silhouette ? frame.defs : [...frame.defs, ...item.defs]
  return [
    ...(defs.length > 0 ? [{ tag: 'defs', attrs: {}, children: defs } satisfies SvgNode] : []),
    ...frame.back,
    // A touch smaller than the box: the frames' borders need the room.
    {
      tag: 'g',
      attrs: { className: 'drop-art-item', transform: 'translate(50 50) scale(0.9) translate(-50 -50)' },
      children: itemNodes(item.parts, silhouette),
    },
    ...frame.front,
  ]
}
