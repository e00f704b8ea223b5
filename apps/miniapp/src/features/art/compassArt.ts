import type { Rarity } from '@worldmap/game'
import { body, cutout, type DrawArt, detail, outlined, polar, shade, shine, strokes, twinkle } from './artParts.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE, starPoints } from './svgShapes.js'

const caseGradient = shade

/** The needle, north red and south white, turned a little off north like one just set down. */
const needle = (cx: number, cy: number, length: number, angle = 35): SvgNode => ({
  tag: 'g',
  attrs: { transform: `rotate(${angle} ${cx} ${cy})` },
  children: [
    {
      tag: 'polygon',
      attrs: {
        points: `${cx},${cy - length} ${cx + 5},${cy} ${cx - 5},${cy}`,
        fill: '#e5484d',
        stroke: OUTLINE,
        strokeWidth: 1.2,
        strokeLinejoin: 'round',
      },
    },
    {
      tag: 'polygon',
      attrs: {
        points: `${cx - 5},${cy} ${cx + 5},${cy} ${cx},${cy + length}`,
        fill: '#e8ebef',
        stroke: OUTLINE,
        strokeWidth: 1.2,
        strokeLinejoin: 'round',
      },
    },
    { tag: 'circle', attrs: { cx, cy, r: 2.6, fill: OUTLINE } },
  ],
})

/** Tick marks at the four points of the dial. */
const cardinalTicks = (cx: number, cy: number, from: number, to: number, stroke: string) =>
  strokes(
    [0, 90, 180, 270].map((angle) => [...polar(cx, cy, from, angle), ...polar(cx, cy, to, angle)] as const),
    stroke,
    2,
  )

/** A case with a ring to hang it by, a dial and its ticks: the brass compass the others build on. */
function pocketCompass(caseFill: string, dial: string, rim: string, cy = 53, toothed = false): ReturnType<DrawArt>['parts'] {
  return [
    body({ tag: 'circle', attrs: { cx: 50, cy: cy - 28.5, r: 4.5, fill: 'none', stroke: OUTLINE, strokeWidth: 3 } }),
    // A navigator's compass grips its bezel by a toothed ring.
    toothed
      ? body({
          tag: 'polygon',
          attrs: { points: starPoints(50, cy, 26.5, 24, 24), fill: caseFill, ...outlined, strokeWidth: 2.2 },
        })
      : body({ tag: 'circle', attrs: { cx: 50, cy, r: 25, fill: caseFill, ...outlined } }),
    cutout({ tag: 'circle', attrs: { cx: 50, cy, r: 19, fill: dial, stroke: rim, strokeWidth: 1.6 } }),
    ...cardinalTicks(50, cy, 15, 18, rim),
  ]
}

/** The compass's ladder: a plain steel compass → a brass one → a blue rose → an enamelled hunter with its lid open → an armillary sphere. */
export const compassArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [caseGradient(id('compass'), '#f2f4f6', '#aeb7c1', '#6f7a86')],
    parts: [
      body({ tag: 'circle', attrs: { cx: 50, cy: 52, r: 24, fill: `url(#${id('compass')})`, ...outlined } }),
      cutout({ tag: 'circle', attrs: { cx: 50, cy: 52, r: 18, fill: '#fbfcfd', stroke: '#5b6672', strokeWidth: 1.6 } }),
      detail(needle(50, 52, 14, 0)),
    ],
  }),
  uncommon: (id) => ({
    defs: [caseGradient(id('compass'), '#f9e2a0', '#d9ab4a', '#a5761e')],
    parts: [...pocketCompass(`url(#${id('compass')})`, '#fffaf0', '#8a6420'), detail(needle(50, 53, 16))],
  }),
  rare: (id) => ({
    defs: [caseGradient(id('compass'), '#f9e2a0', '#d9ab4a', '#a5761e')],
    parts: [
      ...pocketCompass(`url(#${id('compass')})`, '#1f4fa8', '#f9e2a0', 53, true),
      // A compass rose: eight points, the cardinal ones long.
      detail({
        tag: 'polygon',
        attrs: {
          points: starPoints(50, 53, 16, 4, 8),
          fill: '#f9e2a0',
          stroke: OUTLINE,
          strokeWidth: 1,
          strokeLinejoin: 'round',
        },
      }),
      detail({
        tag: 'polygon',
        attrs: {
          points: starPoints(50, 53, 15, 3.5, 4),
          fill: '#ffffff',
          stroke: OUTLINE,
          strokeWidth: 1.1,
          strokeLinejoin: 'round',
        },
      }),
      detail({ tag: 'polygon', attrs: { points: '50,38 53,50 47,50', fill: '#e5484d' } }),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 53, r: 2.4, fill: OUTLINE } }),
    ],
  }),
  epic: (id) => ({
    defs: [
      caseGradient(id('compass'), '#e9d4ff', '#9b5de5', '#5a1f96'),
      caseGradient(id('gilt'), '#fff0a8', '#e6b33a', '#a5761e'),
    ],
    parts: [
      // The hunter's lid swung open behind, enamelled, with a gold star.
      body({ tag: 'ellipse', attrs: { cx: 50, cy: 33, rx: 22, ry: 12, fill: `url(#${id('compass')})`, ...outlined } }),
      detail({
        tag: 'polygon',
        attrs: { points: starPoints(50, 33, 7, 3, 5), fill: '#ffd45c', stroke: OUTLINE, strokeWidth: 1 },
      }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 60, r: 21, fill: `url(#${id('gilt')})`, ...outlined } }),
      cutout({ tag: 'circle', attrs: { cx: 50, cy: 60, r: 15.5, fill: '#f8f1ff', stroke: '#5a1f96', strokeWidth: 1.6 } }),
      ...cardinalTicks(50, 60, 12, 14.5, '#5a1f96'),
      detail(needle(50, 60, 12, 30)),
      body({
        tag: 'rect',
        attrs: { x: 46, y: 41.5, width: 8, height: 4, rx: 1, fill: '#a5761e', ...outlined, strokeWidth: 1.6 },
      }),
    ],
  }),
  legendary: (id) => ({
    defs: [caseGradient(id('gilt'), '#fff0a8', '#f0b520', '#a5761e'), caseGradient(id('globe'), '#c8f0ff', '#4aa8e0', '#1a5a9c')],
    parts: [
      // An armillary sphere: the world inside rings of the sky, on a gold stand.
      body({
        tag: 'path',
        attrs: { d: 'M38 82 L42 74 L58 74 L62 82 Z', fill: `url(#${id('gilt')})`, ...outlined, strokeWidth: 2 },
      }),
      body({ tag: 'rect', attrs: { x: 47.5, y: 66, width: 5, height: 9, fill: '#e0a000', ...outlined, strokeWidth: 2 } }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 45, r: 24, fill: 'none', stroke: OUTLINE, strokeWidth: 6 } }),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 45, r: 24, fill: 'none', stroke: '#f0b520', strokeWidth: 3 } }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 45, r: 9, fill: `url(#${id('globe')})`, ...outlined, strokeWidth: 2 } }),
      ...[
        { rx: 24, ry: 8, angle: -25 },
        { rx: 24, ry: 8, angle: 25 },
        { rx: 8, ry: 24, angle: 0 },
      ].map(({ rx, ry, angle }) =>
        detail({
          tag: 'ellipse',
          attrs: {
            cx: 50,
            cy: 45,
            rx,
            ry,
            fill: 'none',
            stroke: '#b87800',
            strokeWidth: 2.2,
            transform: `rotate(${angle} 50 45)`,
          },
        }),
      ),
      detail({ tag: 'line', attrs: { x1: 33, y1: 28, x2: 67, y2: 62, stroke: OUTLINE, strokeWidth: 2, strokeLinecap: 'round' } }),
      shine('M31 37 A20 20 0 0 1 40 26'),
      twinkle(76, 22, 5),
    ],
  }),
}
