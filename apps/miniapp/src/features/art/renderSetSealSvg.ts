import type { DropKind } from '@worldmap/game'
import { DROP_ART_VIEWBOX } from './dropArtTree.js'
import { svgNodeToString } from './SvgNode.js'
import { setSealTree } from './setSealTree.js'

/**
 * An earned set seal as a standalone SVG document — the same drawing as
 * {@link SetSeal} — for the share card's canvas.
 *
 * @example
 * ```ts
 * image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSetSealSvg({ kind: 'coin', size: 130 }))}`
 * ```
 */
export function renderSetSealSvg({ kind, size, idPrefix = 'seal' }: { kind: DropKind; size: number; idPrefix?: string }): string {
  const children = setSealTree({ kind, earned: true, idPrefix }).map(svgNodeToString).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${DROP_ART_VIEWBOX}">${children}</svg>`
}
