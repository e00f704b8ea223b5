import type { Rarity } from '@worldmap/game'
import { body, type DrawArt, detail, outlined, shade, shine, twinkle } from './artParts.js'
import { OUTLINE, polygonPoints, radialGradient, starPoints } from './svgShapes.js'

const gradient = (id: string, light: string, mid: string, dark: string) => shade(id, light, mid, dark, 0.45)

const ROCK = 'M27 75 Q50 66 73 75 Q76 81 67 82 L33 82 Q24 81 27 75 Z'
const rock = () => [
  body({ tag: 'path', attrs: { d: ROCK, fill: '#7c8796', ...outlined } }),
  detail({
    tag: 'path',
    attrs: { d: 'M33 76 Q45 71 55 72', fill: 'none', stroke: '#a7b0bc', strokeWidth: 2, strokeLinecap: 'round' },
  }),
]

/** One prism: a column with a pointed cap, its light face and its ridge. */
function prism(points: string, fill: string, transform?: string) {
  return body({ tag: 'polygon', attrs: { points, fill, ...outlined, ...(transform ? { transform } : {}) } })
}

/** The crystal's ladder: one cloudy quartz → a cyan cluster → a crystal ball → a floating charged shard → a geode's heart. */
export const crystalArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [gradient(id('crystal'), '#ffffff', '#dfe6ec', '#9aa7b4')],
    parts: [
      prism('39,76 39,42 50,23 61,42 61,76', `url(#${id('crystal')})`),
      detail({ tag: 'polyline', attrs: { points: '39,42 50,48 61,42', fill: 'none', stroke: '#7d8894', strokeWidth: 1.3 } }),
      detail({ tag: 'line', attrs: { x1: 50, y1: 48, x2: 50, y2: 74, stroke: '#7d8894', strokeWidth: 1.3 } }),
      ...rock(),
    ],
  }),
  uncommon: (id) => ({
    defs: [gradient(id('crystal'), '#f2feff', '#7ee7f7', '#0b8fb0')],
    parts: [
      prism('35,76 35,50 40.5,39 46,50 46,76', `url(#${id('crystal')})`, 'rotate(-24 40.5 76)'),
      prism('54,76 54,47 59.5,36 65,47 65,76', `url(#${id('crystal')})`, 'rotate(22 59.5 76)'),
      prism('43,76 43,37 50,21 57,37 57,76', `url(#${id('crystal')})`),
      detail({ tag: 'polygon', attrs: { points: '43,37 50,21 50,74 43,74', fill: '#ffffff', opacity: 0.45 } }),
      detail({ tag: 'polyline', attrs: { points: '43,37 50,43 57,37', fill: 'none', stroke: '#0b6f8a', strokeWidth: 1.3 } }),
      ...rock(),
      twinkle(68, 30, 5),
    ],
  }),
  rare: (id) => ({
    defs: [
      radialGradient(
        id('crystal'),
        [
          [0, '#e4f0ff'],
          [0.6, '#5b9cf5'],
          [1, '#1a4fb5'],
        ],
        { cx: 0.38, cy: 0.35 },
      ),
    ],
    parts: [
      // A seer's ball on a bronze stand: the crystal, polished round.
      body({ tag: 'path', attrs: { d: 'M34 80 L38 68 L62 68 L66 80 Z', fill: '#a86a2c', ...outlined } }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 46, r: 23, fill: `url(#${id('crystal')})`, ...outlined } }),
      body({ tag: 'path', attrs: { d: 'M36 64 Q50 72 64 64 L62 70 L38 70 Z', fill: '#d08a42', ...outlined, strokeWidth: 2 } }),
      detail({
        tag: 'path',
        attrs: {
          d: 'M40 52 C44 44 56 56 60 44',
          fill: 'none',
          stroke: '#ffffff',
          strokeWidth: 2,
          strokeLinecap: 'round',
          opacity: 0.7,
        },
      }),
      shine('M35 40 A16 16 0 0 1 45 29', 3),
      twinkle(56, 40, 3.5),
    ],
  }),
  epic: (id) => ({
    defs: [gradient(id('crystal'), '#f6ecff', '#b77ef0', '#5a1f96')],
    parts: [
      // A shard pointed at both ends, floating, circled by a ring of light.
      body({
        tag: 'ellipse',
        attrs: { cx: 50, cy: 54, rx: 28, ry: 8, fill: 'none', stroke: OUTLINE, strokeWidth: 5, transform: 'rotate(-14 50 54)' },
      }),
      detail({
        tag: 'ellipse',
        attrs: { cx: 50, cy: 54, rx: 28, ry: 8, fill: 'none', stroke: '#e2c6ff', strokeWidth: 2, transform: 'rotate(-14 50 54)' },
      }),
      prism('50,20 61,38 61,60 50,78 39,60 39,38', `url(#${id('crystal')})`),
      detail({ tag: 'polygon', attrs: { points: '50,20 50,78 39,60 39,38', fill: '#ffffff', opacity: 0.35 } }),
      detail({ tag: 'polyline', attrs: { points: '39,38 50,44 61,38', fill: 'none', stroke: '#3d1470', strokeWidth: 1.3 } }),
      detail({ tag: 'polyline', attrs: { points: '39,60 50,54 61,60', fill: 'none', stroke: '#3d1470', strokeWidth: 1.3 } }),
      // The ring's front half passes in front of the shard.
      detail({
        tag: 'path',
        attrs: {
          d: 'M22.6 60.6 Q50 72 77.4 47.4',
          fill: 'none',
          stroke: '#e2c6ff',
          strokeWidth: 2.4,
          strokeLinecap: 'round',
          transform: 'rotate(0 50 54)',
        },
      }),
      detail({ tag: 'ellipse', attrs: { cx: 50, cy: 85, rx: 11, ry: 2.2, fill: '#5a1f96', opacity: 0.35 } }),
      twinkle(70, 28, 4.5),
    ],
  }),
  legendary: (id) => ({
    defs: [gradient(id('crystal'), '#fffbe0', '#ffd45c', '#e08a00'), gradient(id('rock'), '#9aa3ae', '#6b7480', '#4a525c')],
    parts: [
      // A geode broken open: a rough shell, a band of agate, a heart of gold crystals.
      body({
        tag: 'path',
        attrs: {
          d: 'M24 52 C21 40 28 27 40 24 C47 20 58 21 66 26 C76 31 81 42 78 54 C80 64 70 76 58 77 C48 81 36 78 30 70 C25 65 22 60 24 52 Z',
          fill: `url(#${id('rock')})`,
          ...outlined,
        },
      }),
      detail({ tag: 'circle', attrs: { cx: 51, cy: 50.5, r: 21, fill: '#e6d2fb', stroke: '#8e3fd6', strokeWidth: 1.6 } }),
      // Amethyst teeth all round, pointing in at a heart of gold.
      body({
        tag: 'polygon',
        attrs: {
          points: starPoints(51, 50.5, 19.5, 11, 14),
          fill: '#a45be8',
          stroke: OUTLINE,
          strokeWidth: 1.4,
          strokeLinejoin: 'round',
        },
      }),
      body({
        tag: 'polygon',
        attrs: {
          points: polygonPoints(51, 50.5, 11, 6),
          fill: `url(#${id('crystal')})`,
          stroke: OUTLINE,
          strokeWidth: 1.6,
          strokeLinejoin: 'round',
        },
      }),
      detail({ tag: 'polygon', attrs: { points: starPoints(51, 50.5, 6, 2, 4), fill: '#ffffff' } }),
      twinkle(45, 44, 4),
      twinkle(74, 24, 5),
    ],
  }),
}
