import type { DropKind } from '@worldmap/game'
import { itemNodes } from './dropArtTree.js'
import { kindArt } from './kindArt.js'
import { SILHOUETTE_BORDER, SILHOUETTE_FILL, SILHOUETTE_PLATE } from './rarityFrame.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE, radialGradient, starPoints } from './svgShapes.js'

/** Input of {@link setSealTree}. */
export interface SetSealTreeInput {
  kind: DropKind
  /** Earned (the set is complete): gold and in colour. Not earned: a grey dashed outline of what is to win. */
  earned: boolean
  /** Prefix of gradient ids; unique per drawing on one page. */
  idPrefix: string
}

/** Each kind's ribbon: the colour its items are mostly drawn in, so the seals tell apart at a glance. */
export const SEAL_RIBBONS: Record<DropKind, string> = {
  coin: '#e09a00',
  gem: '#d92d48',
  shell: '#e8735e',
  feather: '#1f8fd6',
  crystal: '#0aa3b8',
  compass: '#9a6b18',
  scroll: '#b32424',
  relic: '#c45a28',
}

const ribbon = (side: 1 | -1, fill: string): SvgNode => ({
  tag: 'path',
  attrs: {
    d: `M${50 + side * 4} 62 L${50 + side * 20} 96 L${50 + side * 12} 91 L${50 + side * 8} 99 L${50 - side * 8} 66 Z`,
    fill,
    stroke: OUTLINE,
    strokeWidth: 2,
    strokeLinejoin: 'round',
  },
})

/**
 * The seal of a kind's set — a gold rosette with the kind's ribbons and its
 * signature item inside — or, not yet earned, its grey dashed outline. The
 * reward for finding a kind in all five rarities, shown in the book and on
 * the share card. Plain data, like {@link dropArtTree}.
 *
 * @example
 * ```ts
 * const children = setSealTree({ kind: 'coin', earned: true, idPrefix: 'seal-coin' })
 * ```
 */
export function setSealTree({ kind, earned, idPrefix }: SetSealTreeInput): SvgNode[] {
  const id = (name: string) => `${idPrefix}-${name}`
  // The uncommon drawing is each kind's plainest complete picture: it reads at badge size.
  const item = kindArt(kind, 'uncommon', id)
  const rosette = starPoints(50, 44, 40, 34, 18)
  const inner: SvgNode = {
    tag: 'g',
    attrs: { transform: 'translate(50 44) scale(0.56) translate(-50 -50)' },
    children: itemNodes(item.parts, !earned),
  }
  if (!earned) {
    return [
      {
        tag: 'polygon',
        attrs: { points: rosette, fill: SILHOUETTE_PLATE, stroke: SILHOUETTE_BORDER, strokeWidth: 3, strokeDasharray: '6 4' },
      },
      { tag: 'circle', attrs: { cx: 50, cy: 44, r: 25, fill: 'none', stroke: SILHOUETTE_FILL, strokeWidth: 2 } },
      inner,
    ]
  }
  const gold = radialGradient(
    id('seal'),
    [
      [0, '#fff4b8'],
      [0.7, '#f5c02c'],
      [1, '#c98a00'],
    ],
    { cy: 0.35 },
  )
  return [
    { tag: 'defs', attrs: {}, children: [gold, ...item.defs] },
    ribbon(-1, SEAL_RIBBONS[kind]),
    ribbon(1, SEAL_RIBBONS[kind]),
    {
      tag: 'polygon',
      attrs: { points: rosette, fill: `url(#${id('seal')})`, stroke: OUTLINE, strokeWidth: 2.5, strokeLinejoin: 'round' },
    },
    { tag: 'circle', attrs: { cx: 50, cy: 44, r: 26, fill: '#fffaf0', stroke: OUTLINE, strokeWidth: 2 } },
    { tag: 'circle', attrs: { cx: 50, cy: 44, r: 22.5, fill: 'none', stroke: SEAL_RIBBONS[kind], strokeWidth: 2 } },
    inner,
  ]
}
