import type { DropKind, Rarity } from '@worldmap/game'
import { DROP_ART_VIEWBOX, dropArtTree } from './dropArtTree.js'
import { svgNodeToString } from './SvgNode.js'

/** Input of {@link renderDropArtSvg}. */
export interface RenderDropArtSvgInput {
  kind: DropKind
  rarity: Rarity
  /** Width and height in pixels. */
  size: number
  silhouette?: boolean
  /** Prefix of gradient ids, when the markup is inlined next to other art. */
  idPrefix?: string
}

/**
 * A drop's art as a standalone SVG document — the same drawing as
 * {@link DropArt} — for images: the share card draws it onto its canvas
 * through a `data:` URL.
 *
 * @example
 * ```ts
 * const image = new Image()
 * image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderDropArtSvg({ kind: 'gem', rarity: 'epic', size: 400 }))}`
 * ```
 */
export function renderDropArtSvg({ kind, rarity, size, silhouette = false, idPrefix = 'art' }: RenderDropArtSvgInput): string {
  const children = dropArtTree({ kind, rarity, silhouette, idPrefix }).map(svgNodeToString).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${DROP_ART_VIEWBOX}">${children}</svg>`
}
