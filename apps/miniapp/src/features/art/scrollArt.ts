import type { Rarity } from '@worldmap/game'
import { type ArtPart, body, type DrawArt, detail, outlined, strokes, twinkle } from './artParts.js'
import { linearGradient, OUTLINE, starPoints } from './svgShapes.js'

const paper = (id: string, light: string, dark: string) =>
  linearGradient(id, [
    [0, light],
    [1, dark],
  ])

/** Written lines: [x1, y, x2] each. */
const writing = (lines: ReadonlyArray<readonly [number, number, number]>, stroke: string) =>
  strokes(
    lines.map(([x1, y, x2]) => [x1, y, x2, y] as const),
    stroke,
    2.2,
  )

/** An unrolled scroll: the sheet between two rods with knobbed ends. */
function openScroll(sheet: string, rod: string, knob: string, spear = false): ArtPart[] {
  return [
    body({ tag: 'rect', attrs: { x: 30, y: 27, width: 40, height: 46, fill: sheet, ...outlined } }),
    body({ tag: 'rect', attrs: { x: 25, y: 21, width: 50, height: 10, rx: 5, fill: rod, ...outlined } }),
    body({ tag: 'rect', attrs: { x: 25, y: 69, width: 50, height: 10, rx: 5, fill: rod, ...outlined } }),
    ...[
      [25, 26],
      [75, 26],
      [25, 74],
      [75, 74],
    ].map(([cx = 0, cy = 0]) =>
      // A gilded decree ends its rods in spear-tips instead of knobs.
      spear
        ? body({
            tag: 'polygon',
            attrs: {
              points: `${cx + (cx < 50 ? -5 : 5)},${cy} ${cx},${cy - 4} ${cx + (cx < 50 ? 3 : -3)},${cy} ${cx},${cy + 4}`,
              fill: knob,
              ...outlined,
              strokeWidth: 1.8,
            },
          })
        : body({ tag: 'circle', attrs: { cx, cy, r: 3.6, fill: knob, ...outlined, strokeWidth: 2 } }),
    ),
  ]
}

/** The scroll's ladder: a folded note → a sealed scroll → a treasure map → a scroll tied with ribbon → a golden decree of runes. */
export const scrollArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [paper(id('scroll'), '#ffffff', '#e3e7eb')],
    parts: [
      body({ tag: 'path', attrs: { d: 'M30 24 L60 24 L72 36 L72 78 L30 78 Z', fill: `url(#${id('scroll')})`, ...outlined } }),
      body({ tag: 'path', attrs: { d: 'M60 24 L60 36 L72 36 Z', fill: '#c9d0d7', ...outlined, strokeWidth: 2 } }),
      ...writing(
        [
          [37, 40, 56],
          [37, 48, 64],
          [37, 56, 62],
          [37, 64, 52],
        ],
        '#9aa4ae',
      ),
    ],
  }),
  uncommon: (id) => ({
    defs: [paper(id('scroll'), '#fff6dc', '#ecd39a')],
    parts: [
      ...openScroll(`url(#${id('scroll')})`, '#e3c57f', '#8b5a2b'),
      ...writing(
        [
          [36, 39, 64],
          [36, 45, 60],
          [36, 51, 63],
          [36, 57, 52],
        ],
        '#b08d57',
      ),
      // A wax seal, so it reads as a document and not a banner.
      detail({ tag: 'path', attrs: { d: 'M58 64 L56 73 L60 70 L63 73 L62 64 Z', fill: '#b32424' } }),
      detail({ tag: 'circle', attrs: { cx: 60, cy: 62, r: 5, fill: '#d63b3b', stroke: '#8f1d1d', strokeWidth: 1.4 } }),
    ],
  }),
  rare: (id) => ({
    defs: [paper(id('scroll'), '#fbeed0', '#e0c08a')],
    parts: [
      // A torn-edged map: coast, a dashed trail and the X.
      body({
        tag: 'path',
        attrs: {
          d: 'M24 28 L34 25 L44 29 L56 24 L68 28 L77 25 L75 40 L78 54 L74 66 L77 76 L64 73 L52 77 L40 73 L30 77 L23 74 L26 60 L22 46 Z',
          fill: `url(#${id('scroll')})`,
          ...outlined,
        },
      }),
      detail({ tag: 'path', attrs: { d: 'M26 30 L40 30 Q46 40 38 48 Q30 54 25 52 Z', fill: '#6fb3e8', opacity: 0.85 } }),
      detail({
        tag: 'path',
        attrs: {
          d: 'M34 64 Q44 50 52 58 Q58 64 64 46',
          fill: 'none',
          stroke: '#b32424',
          strokeWidth: 2.2,
          strokeDasharray: '3.5 3',
          strokeLinecap: 'round',
        },
      }),
      ...strokes(
        [
          [60, 37, 68, 45],
          [68, 37, 60, 45],
        ],
        '#b32424',
        3.2,
      ),
      detail({ tag: 'circle', attrs: { cx: 33, cy: 65, r: 2.4, fill: '#1c6fe8', stroke: OUTLINE, strokeWidth: 1 } }),
    ],
  }),
  epic: (id) => ({
    defs: [paper(id('scroll'), '#fff6dc', '#d9b877')],
    parts: [
      // Rolled shut and tied: what is inside is not for everyone.
      body({
        tag: 'rect',
        attrs: {
          x: 24,
          y: 38,
          width: 52,
          height: 22,
          rx: 11,
          fill: `url(#${id('scroll')})`,
          ...outlined,
          transform: 'rotate(-20 50 49)',
        },
      }),
      body({
        tag: 'ellipse',
        attrs: {
          cx: 27,
          cy: 58,
          rx: 5.5,
          ry: 10.5,
          fill: '#f4e2b4',
          ...outlined,
          strokeWidth: 2,
          transform: 'rotate(-20 27 58)',
        },
      }),
      detail({
        tag: 'ellipse',
        attrs: {
          cx: 27,
          cy: 58,
          rx: 2,
          ry: 4,
          fill: 'none',
          stroke: '#b08d57',
          strokeWidth: 1.4,
          transform: 'rotate(-20 27 58)',
        },
      }),
      body({ tag: 'path', attrs: { d: 'M50 49 L40 72 L45 71 L47 76 L52 52 Z', fill: '#8e3fd6', ...outlined, strokeWidth: 1.8 } }),
      body({ tag: 'path', attrs: { d: 'M50 49 L62 70 L57 70 L56 75 L48 52 Z', fill: '#7430b5', ...outlined, strokeWidth: 1.8 } }),
      body({ tag: 'path', attrs: { d: 'M43 38 L57 60', fill: 'none', stroke: OUTLINE, strokeWidth: 6, strokeLinecap: 'round' } }),
      detail({
        tag: 'path',
        attrs: { d: 'M43 38 L57 60', fill: 'none', stroke: '#a45be8', strokeWidth: 3, strokeLinecap: 'round' },
      }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 49, r: 6.5, fill: '#d63b3b', ...outlined, strokeWidth: 2 } }),
      detail({ tag: 'polygon', attrs: { points: starPoints(50, 49, 3.6, 1.5, 5), fill: '#ffb3b3' } }),
    ],
  }),
  legendary: (id) => ({
    defs: [paper(id('scroll'), '#fffbe6', '#ffe08a'), paper(id('gilt'), '#fff0a8', '#d99a00')],
    parts: [
      ...openScroll(`url(#${id('scroll')})`, `url(#${id('gilt')})`, '#e5484d', true),
      // Runes glow where the lines were: a map that reads itself.
      ...[
        [38, 38],
        [50, 38],
        [62, 38],
        [44, 48],
        [56, 48],
      ].map(([cx, cy]) =>
        detail({
          tag: 'polygon',
          attrs: { points: starPoints(cx ?? 0, cy ?? 0, 4, 1.5, 4), fill: '#f0a500', stroke: '#8a5a00', strokeWidth: 0.8 },
        }),
      ),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 60, r: 6.5, fill: '#ffd45c', stroke: '#8a5a00', strokeWidth: 1.6 } }),
      detail({ tag: 'polygon', attrs: { points: starPoints(50, 60, 4, 1.7, 5), fill: '#8a5a00' } }),
      twinkle(20, 48, 5, '#ffe27a'),
      twinkle(80, 50, 4.5, '#ffe27a'),
    ],
  }),
}
