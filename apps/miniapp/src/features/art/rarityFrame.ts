import type { Rarity } from '@worldmap/game'
import { rarityStyles } from './rarityStyles.js'
import type { SvgNode } from './SvgNode.js'
import { polygonPoints, radialGradient, starPoints } from './svgShapes.js'

/** A frame: gradients, what goes behind the item (halo, plate) and what goes over it (studs, sparkles). */
export interface RarityFrame {
  defs: SvgNode[]
  back: SvgNode[]
  front: SvgNode[]
}

/** Grey of a missing cell: a plate and a dashed border in the rarity's shape. */
export const SILHOUETTE_PLATE = '#f1f3f5'
export const SILHOUETTE_BORDER = '#b9c1ca'
/** Fill of a missing item's silhouette. */
export const SILHOUETTE_FILL = '#bcc4cc'

// The shape grows more elaborate up the ladder — circle, rounded square,
// hexagon, studded octagon, sunburst — so rarity reads without colour too.
const outlines: Record<Rarity, (attrs: Record<string, string | number>) => SvgNode> = {
  common: (attrs) => ({ tag: 'circle', attrs: { cx: 50, cy: 50, r: 40, ...attrs } }),
  uncommon: (attrs) => ({ tag: 'rect', attrs: { x: 13, y: 13, width: 74, height: 74, rx: 20, ...attrs } }),
  rare: (attrs) => ({ tag: 'polygon', attrs: { points: polygonPoints(50, 50, 44, 6), ...attrs } }),
  epic: (attrs) => ({ tag: 'polygon', attrs: { points: polygonPoints(50, 50, 44, 8, 22.5), ...attrs } }),
  legendary: (attrs) => ({ tag: 'polygon', attrs: { points: starPoints(50, 50, 49, 40, 12), ...attrs } }),
}

const sparkle = (cx: number, cy: number, size: number, fill: string): SvgNode => ({
  tag: 'polygon',
  attrs: { points: starPoints(cx, cy, size, size * 0.3, 4), fill, className: 'drop-art-sparkle' },
})

/**
 * The frame of a rarity, or its grey dashed outline for a missing item.
 *
 * @example
 * ```ts
 * const { defs, back, front } = rarityFrame('epic', (name) => `art1-${name}`, false)
 * ```
 */
export function rarityFrame(rarity: Rarity, id: (name: string) => string, silhouette: boolean): RarityFrame {
  const outline = outlines[rarity]
  if (silhouette) {
    return {
      defs: [],
      back: [outline({ fill: SILHOUETTE_PLATE, stroke: SILHOUETTE_BORDER, strokeWidth: 3, strokeDasharray: '7 5' })],
      front: [],
    }
  }

  const style = rarityStyles[rarity]
  const plate = radialGradient(
    id('plate'),
    [
      [0, style.plateLight],
      [1, style.plateDark],
    ],
    { cy: 0.4 },
  )
  const plateFill = `url(#${id('plate')})`

  if (rarity === 'legendary') {
    return {
      defs: [
        plate,
        radialGradient(id('glow'), [
          [0, style.glow, 0.9],
          [0.6, style.glow, 0.35],
          [1, style.glow, 0],
        ]),
        {
          tag: 'linearGradient',
          attrs: { id: id('gold'), x1: 0, y1: 0, x2: 1, y2: 1 },
          children: [
            { tag: 'stop', attrs: { offset: 0, stopColor: '#fff1a8' } },
            { tag: 'stop', attrs: { offset: 0.5, stopColor: '#f0a500' } },
            { tag: 'stop', attrs: { offset: 1, stopColor: '#b86e00' } },
          ],
        },
      ],
      back: [
        { tag: 'circle', attrs: { cx: 50, cy: 50, r: 50, fill: `url(#${id('glow')})`, className: 'drop-art-glow' } },
        outline({ fill: `url(#${id('gold')})`, stroke: style.dark, strokeWidth: 1.5, strokeLinejoin: 'round' }),
        { tag: 'circle', attrs: { cx: 50, cy: 50, r: 37, fill: plateFill, stroke: style.dark, strokeWidth: 2.5 } },
        { tag: 'circle', attrs: { cx: 50, cy: 50, r: 33.5, fill: 'none', stroke: style.color, strokeWidth: 1, opacity: 0.7 } },
      ],
      front: [sparkle(17, 19, 7, '#ffffff'), sparkle(84, 80, 5.5, '#fff6c9'), sparkle(86, 22, 4, '#ffffff')],
    }
  }

  const back: SvgNode[] = [outline({ fill: plateFill, stroke: style.color, strokeWidth: 5, strokeLinejoin: 'round' })]
  const front: SvgNode[] = []
  if (rarity === 'rare' || rarity === 'epic') {
    // A second, inner border line: rare and up are "double framed".
    const inner = rarity === 'rare' ? polygonPoints(50, 50, 38, 6) : polygonPoints(50, 50, 38.5, 8, 22.5)
    back.push({ tag: 'polygon', attrs: { points: inner, fill: 'none', stroke: style.color, strokeWidth: 1.4, opacity: 0.55 } })
  }
  if (rarity === 'epic') {
    for (const [cx, cy] of [
      [50, 6],
      [94, 50],
      [50, 94],
      [6, 50],
    ] as const) {
      front.push({
        tag: 'polygon',
        attrs: {
          points: polygonPoints(cx, cy, 5.5, 4),
          fill: '#d8b8f7',
          stroke: style.dark,
          strokeWidth: 1.5,
          strokeLinejoin: 'round',
        },
      })
    }
  }
  return { defs: [plate], back, front }
}
