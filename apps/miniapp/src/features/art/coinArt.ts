import type { Rarity } from '@worldmap/game'
import { body, cutout, type DrawArt, detail, outlined, polar, rays, shade, shine, strokes } from './artParts.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE, polygonPoints, starPoints } from './svgShapes.js'

type Metal = readonly [light: string, mid: string, dark: string, edge: string]

const COPPER: Metal = ['#f6c9a4', '#cf7a3c', '#8f4a1d', '#6e3513']
const SILVER: Metal = ['#ffffff', '#c9d2dc', '#7f8b98', '#5b6672']
const GOLD: Metal = ['#fff0a8', '#ffd03d', '#e09a00', '#b87800']

/** A coin seen from slightly above: its edge below the face, so it reads as a disc, not a dot. */
function disc(id: (name: string) => string, metal: Metal, r = 24, cy = 49) {
  return {
    defs: [shade(id('coin'), metal[0], metal[1], metal[2], 0.45)],
    parts: [
      body({ tag: 'circle', attrs: { cx: 50, cy: cy + 5, r, fill: metal[3], ...outlined } }),
      body({ tag: 'circle', attrs: { cx: 50, cy, r, fill: `url(#${id('coin')})`, ...outlined } }),
      detail({ tag: 'circle', attrs: { cx: 50, cy, r: r - 6.5, fill: 'none', stroke: metal[3], strokeWidth: 2 } }),
    ],
  }
}

const star = (cy: number, fill: string, stroke: string, outer = 10.5): SvgNode => ({
  tag: 'polygon',
  attrs: { points: starPoints(50, cy, outer, outer * 0.42, 5), fill, stroke, strokeWidth: 1.6, strokeLinejoin: 'round' },
})

/** A cut stone set in a coin's face: a hexagon with a light top facet. */
const setStone = (cx: number, cy: number, r: number, fill: string, light: string): SvgNode[] => [
  {
    tag: 'polygon',
    attrs: { points: polygonPoints(cx, cy, r, 6, 30), fill, stroke: OUTLINE, strokeWidth: 1.6, strokeLinejoin: 'round' },
  },
  { tag: 'polygon', attrs: { points: polygonPoints(cx, cy - r * 0.25, r * 0.5, 3, 60), fill: light, opacity: 0.85 } },
]

/** The coin's ladder: plain copper → stamped silver → milled gold with a sapphire → winged → radiant crowned sun. */
export const coinArt: Record<Rarity, DrawArt> = {
  common: (id) => {
    const coin = disc(id, COPPER)
    // Worn plain: only a punched hole, like the oldest cash coins.
    coin.parts.push(
      cutout({
        tag: 'rect',
        attrs: { x: 44, y: 43, width: 12, height: 12, rx: 1.5, fill: '#fbe3cf', stroke: COPPER[3], strokeWidth: 1.8 },
      }),
      shine('M33.5 42 A18 18 0 0 1 43 32.5'),
    )
    return coin
  },
  uncommon: (id) => {
    const coin = disc(id, SILVER)
    coin.parts.push(cutout(star(49.5, '#ffffff', SILVER[3])), shine('M33.5 42 A18 18 0 0 1 43 32.5'))
    return coin
  },
  rare: (id) => {
    const coin = disc(id, GOLD)
    // A milled edge: ticks round the rim, as on coins worth filing.
    const ticks = Array.from({ length: 16 }, (_, index) => {
      const [x1, y1] = polar(50, 49, 19.5, index * 22.5)
      const [x2, y2] = polar(50, 49, 22.5, index * 22.5)
      return [x1, y1, x2, y2] as const
    })
    coin.parts.push(...strokes(ticks, GOLD[3], 1.6))
    coin.parts.push(...setStone(50, 49, 9.5, '#2f6fe8', '#bcd6ff').map(cutout), shine('M33.5 42 A18 18 0 0 1 43 32.5'))
    return coin
  },
  epic: (id) => {
    const coin = disc(id, GOLD, 19, 51)
    const wing = (side: 1 | -1): SvgNode => ({
      tag: 'path',
      attrs: {
        d: `M${50 + side * 14} 44 C${50 + side * 26} 28 ${50 + side * 34} 30 ${50 + side * 36} 34 C${50 + side * 31} 36 ${50 + side * 33} 40 ${50 + side * 29} 42 C${50 + side * 32} 45 ${50 + side * 28} 49 ${50 + side * 24} 50 C${50 + side * 24} 54 ${50 + side * 20} 56 ${50 + side * 16} 55 Z`,
        fill: '#f3ecff',
        ...outlined,
        strokeWidth: 2.2,
      },
    })
    // Wings first, so the coin covers their roots.
    coin.parts.unshift(body(wing(-1)), body(wing(1)))
    coin.parts.push(
      ...strokes(
        [
          [24, 37, 31, 40],
          [76, 37, 69, 40],
        ],
        '#a68ad6',
        1.6,
      ),
      cutout(star(51.5, '#fff6c9', GOLD[3], 8.5)),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 51.5, r: 2.6, fill: '#8e3fd6' } }),
      shine('M36.5 45 A14 14 0 0 1 44 37.5'),
    )
    return coin
  },
  legendary: (id) => {
    const coin = disc(id, GOLD, 21, 52)
    // A sun behind the coin and a crown struck on its face: the coin of a kingdom.
    coin.parts.unshift(rays(50, 52, 34, 24, 12, '#ffe27a'))
    coin.parts.push(
      cutout({
        tag: 'path',
        attrs: {
          d: 'M39 58 L38 44 L44.5 50 L50 41 L55.5 50 L62 44 L61 58 Z',
          fill: '#fff3b8',
          stroke: GOLD[3],
          strokeWidth: 1.8,
          strokeLinejoin: 'round',
        },
      }),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 53.5, r: 2.8, fill: '#e5484d', stroke: OUTLINE, strokeWidth: 1 } }),
      shine('M35 46 A16 16 0 0 1 43.5 37'),
    )
    return coin
  },
}
