import type { SvgNode } from './SvgNode.js'
import { linearGradient, OUTLINE, starPoints } from './svgShapes.js'

/**
 * One piece of an item drawing. Body pieces make up the item's outline and
 * stay, flattened to one grey, in the silhouette; details (facets, markings,
 * highlights) are dropped from it, so a missing item shows its shape only.
 * A cutout is a detail that stays in the silhouette as a hole (the plate's
 * grey), where the outline alone would be a plain blob — the coin's star.
 */
export interface ArtPart {
  node: SvgNode
  detail?: true
  cutout?: true
}

/** An item drawing: its gradients and its pieces, back to front, in a 100 × 100 box. */
export interface KindArt {
  defs: SvgNode[]
  parts: ArtPart[]
}

/** Builds one rarity's drawing of a kind; `id` makes its gradient ids unique on the page. */
export type DrawArt = (id: (name: string) => string) => KindArt

export const body = (node: SvgNode): ArtPart => ({ node })
export const detail = (node: SvgNode): ArtPart => ({ node, detail: true })
export const cutout = (node: SvgNode): ArtPart => ({ node, cutout: true })

/** The dark outline every item piece wears, so it stands out on any plate, light or dark. */
export const outlined = { stroke: OUTLINE, strokeWidth: 2.5, strokeLinejoin: 'round' } as const

export function rad(degrees: number): number {
  return (degrees * Math.PI) / 180
}

export function round(value: number): number {
  return Math.round(value * 10) / 10
}

/** A point `radius` from (cx, cy) at `angle` degrees (0 = right, clockwise, as SVG's y axis runs down). */
export function polar(cx: number, cy: number, radius: number, angle: number): [number, number] {
  return [round(cx + radius * Math.cos(rad(angle))), round(cy + radius * Math.sin(rad(angle)))]
}

/** A white curved stroke: the light catching an item's top-left, which makes it read as solid. */
export function shine(d: string, width = 2.6): ArtPart {
  return detail({
    tag: 'path',
    attrs: { d, fill: 'none', stroke: '#ffffff', strokeWidth: width, strokeLinecap: 'round', opacity: 0.85 },
  })
}

/** A small four-point twinkle, drawn over an item as a detail. */
export function twinkle(cx: number, cy: number, size: number, fill = '#ffffff'): ArtPart {
  return detail({ tag: 'polygon', attrs: { points: starPoints(cx, cy, size, size * 0.3, 4), fill } })
}

/** Straight strokes (pairs of points), one detail per stroke: grooves, ridges, ticks. */
export function strokes(
  lines: ReadonlyArray<readonly [number, number, number, number]>,
  stroke: string,
  width: number,
): ArtPart[] {
  return lines.map(([x1, y1, x2, y2]) =>
    detail({ tag: 'line', attrs: { x1, y1, x2, y2, stroke, strokeWidth: width, strokeLinecap: 'round' } }),
  )
}

/**
 * Rays behind an item: a spiked disc in `fill`, the legendary tier's mark
 * inside the frame. Edged in dark gold, not the item's outline: light around
 * the item, not another shape competing with it.
 */
export function rays(cx: number, cy: number, outer: number, inner: number, count: number, fill: string): ArtPart {
  return body({
    tag: 'polygon',
    attrs: {
      points: starPoints(cx, cy, outer, inner, count),
      fill,
      stroke: '#c98a00',
      strokeWidth: 1.2,
      strokeLinejoin: 'round',
    },
  })
}

/** A top-to-bottom shade in three colours, `mid` at `midAt`: the body gradient of almost every item. */
export function shade(id: string, light: string, mid: string, dark: string, midAt = 0.5): SvgNode {
  return linearGradient(id, [
    [0, light],
    [midAt, mid],
    [1, dark],
  ])
}
