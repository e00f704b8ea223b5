import type { Rarity } from '@worldmap/game'
import { body, type DrawArt, detail, outlined, shade, shine, twinkle } from './artParts.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE } from './svgShapes.js'

type Stone = readonly [light: string, mid: string, dark: string]

const gradient = (id: string, [light, mid, dark]: Stone) => shade(id, light, mid, dark, 0.45)

/** A brilliant cut from the side: table, crown facets, pavilion to a point; scaled and moved from a 56-wide stone at (50, 28). */
function cutStone(fill: string, stone: Stone, at: { x: number; y: number; scale: number }): SvgNode {
  const line = { fill: 'none', stroke: OUTLINE, strokeWidth: 1.4 / at.scale, strokeLinejoin: 'round' } as const
  return {
    tag: 'g',
    attrs: { transform: `translate(${at.x} ${at.y}) scale(${at.scale}) translate(-50 -28)` },
    children: [
      { tag: 'polygon', attrs: { points: '36,28 64,28 78,43 50,78 22,43', fill, ...outlined, strokeWidth: 2.5 / at.scale } },
      { tag: 'polygon', attrs: { points: '36,28 43,43 22,43', fill: stone[0], opacity: 0.9 } },
      { tag: 'polygon', attrs: { points: '50,28 43,43 57,43', fill: stone[0], opacity: 0.6 } },
      { tag: 'polygon', attrs: { points: '43,43 57,43 50,78', fill: stone[2], opacity: 0.55 } },
      { tag: 'polyline', attrs: { points: '22,43 78,43', ...line } },
      { tag: 'polyline', attrs: { points: '36,28 43,43 50,28 57,43 64,28', ...line } },
      { tag: 'polyline', attrs: { points: '43,43 50,78 57,43', ...line } },
    ],
  }
}

const RUBY: Stone = ['#ffd6dd', '#f0445a', '#a3122b']
const SAPPHIRE: Stone = ['#d6e6ff', '#3b7bf0', '#123d9c']
const AMETHYST: Stone = ['#f0dcff', '#a45be8', '#5a1f96']
const GOLD = ['#fff0a8', '#f5c02c', '#b87800'] as const

/** The gem's ladder: a rough stone → a cut ruby → a sapphire ring → an amethyst amulet → a jewelled crown. */
export const gemArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [gradient(id('gem'), ['#eadfe3', '#b9a3ab', '#7d6670'])],
    parts: [
      body({
        tag: 'polygon',
        attrs: { points: '27,55 35,34 55,26 73,38 76,58 60,75 37,73', fill: `url(#${id('gem')})`, ...outlined },
      }),
      // Only a glint of colour where it chipped: the stone inside is not cut yet.
      detail({
        tag: 'polygon',
        attrs: { points: '48,40 60,37 63,50 52,54', fill: '#f0445a', stroke: OUTLINE, strokeWidth: 1.4 },
      }),
      detail({ tag: 'polyline', attrs: { points: '35,34 44,48 37,73', fill: 'none', stroke: '#6b5560', strokeWidth: 1.4 } }),
      detail({ tag: 'polyline', attrs: { points: '73,38 63,50 76,58', fill: 'none', stroke: '#6b5560', strokeWidth: 1.4 } }),
      shine('M34 45 L38 37', 2.4),
    ],
  }),
  uncommon: (id) => ({
    defs: [gradient(id('gem'), RUBY)],
    parts: [body(cutStone(`url(#${id('gem')})`, RUBY, { x: 50, y: 26, scale: 1 })), twinkle(67, 30, 5.5)],
  }),
  rare: (id) => ({
    defs: [gradient(id('gem'), SAPPHIRE), gradient(id('gilt'), GOLD)],
    parts: [
      // The band: a thick gold ring in perspective, the stone mounted on top.
      body({ tag: 'ellipse', attrs: { cx: 50, cy: 61, rx: 22, ry: 17, fill: 'none', stroke: OUTLINE, strokeWidth: 10 } }),
      body({
        tag: 'ellipse',
        attrs: { cx: 50, cy: 61, rx: 22, ry: 17, fill: 'none', stroke: `url(#${id('gilt')})`, strokeWidth: 5.5 },
      }),
      body({ tag: 'path', attrs: { d: 'M40 45 L60 45 L56 52 L44 52 Z', fill: GOLD[1], ...outlined, strokeWidth: 2 } }),
      body(cutStone(`url(#${id('gem')})`, SAPPHIRE, { x: 50, y: 22, scale: 0.48 })),
      twinkle(66, 25, 5),
    ],
  }),
  epic: (id) => ({
    defs: [gradient(id('gem'), AMETHYST), gradient(id('gilt'), GOLD)],
    parts: [
      body({
        tag: 'path',
        attrs: { d: 'M28 22 Q38 38 50 38 Q62 38 72 22', fill: 'none', stroke: OUTLINE, strokeWidth: 3.5, strokeLinecap: 'round' },
      }),
      detail({
        tag: 'path',
        attrs: {
          d: 'M28 22 Q38 38 50 38 Q62 38 72 22',
          fill: 'none',
          stroke: GOLD[1],
          strokeWidth: 1.6,
          strokeDasharray: '2.5 2',
        },
      }),
      // The amulet: an oval bezel of gold round a cabochon, with a hanging drop below.
      body({ tag: 'ellipse', attrs: { cx: 50, cy: 57, rx: 18, ry: 21, fill: `url(#${id('gilt')})`, ...outlined } }),
      body({
        tag: 'ellipse',
        attrs: { cx: 50, cy: 57, rx: 11.5, ry: 14, fill: `url(#${id('gem')})`, stroke: OUTLINE, strokeWidth: 1.8 },
      }),
      detail({ tag: 'ellipse', attrs: { cx: 46, cy: 51, rx: 4, ry: 5.5, fill: '#ffffff', opacity: 0.55 } }),
      ...[0, 90, 180, 270].map((angle) =>
        detail({
          tag: 'circle',
          attrs: {
            cx: 50 + 15 * Math.cos((angle * Math.PI) / 180),
            cy: 57 + 17.5 * Math.sin((angle * Math.PI) / 180),
            r: 1.8,
            fill: '#fff6c9',
            stroke: '#b87800',
            strokeWidth: 0.8,
          },
        }),
      ),
      body({ tag: 'circle', attrs: { cx: 50, cy: 37.5, r: 4, fill: GOLD[1], ...outlined, strokeWidth: 2 } }),
      twinkle(67, 44, 5),
    ],
  }),
  legendary: (id) => ({
    defs: [gradient(id('gilt'), GOLD), gradient(id('gem'), RUBY)],
    parts: [
      // A crown: five points tipped with pearls, a band set with three stones.
      body({
        tag: 'path',
        attrs: {
          d: 'M25 72 L23 36 L36 50 L43 29 L50 45 L57 29 L64 50 L77 36 L75 72 Z',
          fill: `url(#${id('gilt')})`,
          ...outlined,
        },
      }),
      ...[
        [23, 34],
        [43, 27],
        [57, 27],
        [77, 34],
      ].map(([cx, cy]) =>
        body({ tag: 'circle', attrs: { cx: cx ?? 0, cy: cy ?? 0, r: 3.6, fill: '#fffaf0', ...outlined, strokeWidth: 2 } }),
      ),
      body({ tag: 'rect', attrs: { x: 24, y: 62, width: 52, height: 11, rx: 2, fill: '#e09a00', ...outlined } }),
      ...(
        [
          [35, '#2f6fe8'],
          [50, `url(#${id('gem')})`],
          [65, '#2f9e44'],
        ] as const
      ).map(([cx, fill]) =>
        detail({ tag: 'circle', attrs: { cx, cy: 67.5, r: cx === 50 ? 4.6 : 3.4, fill, stroke: OUTLINE, strokeWidth: 1.3 } }),
      ),
      detail({
        tag: 'polygon',
        attrs: { points: '50,46 55,53 50,60 45,53', fill: '#f0445a', stroke: OUTLINE, strokeWidth: 1.3 },
      }),
      shine('M29 58 L28 44', 2.4),
      twinkle(70, 22, 5.5),
    ],
  }),
}
