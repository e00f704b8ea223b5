import type { DropKind } from '@worldmap/game'
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

const body = (node: SvgNode): ArtPart => ({ node })
const detail = (node: SvgNode): ArtPart => ({ node, detail: true })
const cutout = (node: SvgNode): ArtPart => ({ node, cutout: true })
const outlined = { stroke: OUTLINE, strokeWidth: 2.5, strokeLinejoin: 'round' } as const

// Each drawing stays inside about 22..80 on both axes, so the smallest
// frame (a 37-unit plate) still shows it whole.
const drawings: Record<DropKind, (id: (name: string) => string) => KindArt> = {
  coin: (id) => ({
    defs: [
      linearGradient(id('coin'), [
        [0, '#fff0a8'],
        [0.45, '#ffd03d'],
        [1, '#e09a00'],
      ]),
    ],
    parts: [
      // The coin's edge, seen below the face: it reads as a thick disc, not a dot.
      body({ tag: 'circle', attrs: { cx: 50, cy: 54, r: 24, fill: '#b87800', ...outlined } }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 49, r: 24, fill: `url(#${id('coin')})`, ...outlined } }),
      detail({ tag: 'circle', attrs: { cx: 50, cy: 49, r: 17.5, fill: 'none', stroke: '#c98b12', strokeWidth: 2 } }),
      cutout({
        tag: 'polygon',
        attrs: {
          points: starPoints(50, 49.5, 10.5, 4.4, 5),
          fill: '#fff6c9',
          stroke: '#b87800',
          strokeWidth: 1.6,
          strokeLinejoin: 'round',
        },
      }),
      detail({
        tag: 'path',
        attrs: {
          d: 'M33.5 42 A18 18 0 0 1 43 32.5',
          fill: 'none',
          stroke: '#ffffff',
          strokeWidth: 3,
          strokeLinecap: 'round',
          opacity: 0.85,
        },
      }),
    ],
  }),

  gem: (id) => ({
    defs: [
      linearGradient(id('gem'), [
        [0, '#ffb3c0'],
        [0.45, '#f0445a'],
        [1, '#a3122b'],
      ]),
    ],
    parts: [
      body({ tag: 'polygon', attrs: { points: '36,28 64,28 78,43 50,78 22,43', fill: `url(#${id('gem')})`, ...outlined } }),
      // Facets: a light crown over a darker pavilion, the way cut stones catch light.
      detail({ tag: 'polygon', attrs: { points: '36,28 43,43 22,43', fill: '#ffd6dd', opacity: 0.9 } }),
      detail({ tag: 'polygon', attrs: { points: '50,28 43,43 57,43', fill: '#ff97a7', opacity: 0.9 } }),
      detail({ tag: 'polygon', attrs: { points: '43,43 57,43 50,78', fill: '#c81d3a', opacity: 0.55 } }),
      detail({
        tag: 'polyline',
        attrs: { points: '22,43 78,43', fill: 'none', stroke: OUTLINE, strokeWidth: 1.6 },
      }),
      detail({
        tag: 'polyline',
        attrs: {
          points: '36,28 43,43 50,28 57,43 64,28',
          fill: 'none',
          stroke: OUTLINE,
          strokeWidth: 1.4,
          strokeLinejoin: 'round',
        },
      }),
      detail({
        tag: 'polyline',
        attrs: { points: '43,43 50,78 57,43', fill: 'none', stroke: OUTLINE, strokeWidth: 1.4, strokeLinejoin: 'round' },
      }),
      detail({ tag: 'polygon', attrs: { points: starPoints(67, 30, 5.5, 1.6, 4), fill: '#ffffff' } }),
    ],
  }),

  shell: (id) => ({
    defs: [
      linearGradient(id('shell'), [
        [0, '#ffe3d6'],
        [0.55, '#ffb29e'],
        [1, '#ec7f6b'],
      ]),
    ],
    parts: [
      body({
        tag: 'path',
        attrs: { d: 'M42 68 L33 74 Q31 80 37 80 L63 80 Q69 80 67 74 L58 68 Z', fill: '#e98e7c', ...outlined },
      }),
      body({ tag: 'path', attrs: { d: scallopPath(), fill: `url(#${id('shell')})`, ...outlined } }),
      // Ridges fan out from the hinge: the one detail that says "scallop".
      ...[212, 241, 270, 299, 328].map((angle) =>
        detail({
          tag: 'line',
          attrs: {
            x1: 50,
            y1: 72,
            x2: round(50 + 23 * Math.cos(rad(angle))),
            y2: round(50 + 23 * Math.sin(rad(angle))),
            stroke: '#d36a57',
            strokeWidth: 2.2,
            strokeLinecap: 'round',
          },
        }),
      ),
      detail({
        tag: 'path',
        attrs: {
          d: 'M34 36 Q40 28 48 26',
          fill: 'none',
          stroke: '#ffffff',
          strokeWidth: 2.6,
          strokeLinecap: 'round',
          opacity: 0.8,
        },
      }),
    ],
  }),

  feather: (id) => ({
    defs: [
      linearGradient(id('feather'), [
        [0, '#5eead4'],
        [0.5, '#22a6f0'],
        [1, '#2550d9'],
      ]),
    ],
    parts: [
      {
        node: {
          tag: 'g',
          attrs: { transform: 'rotate(35 50 50)' },
          children: [
            // The vane, notched on both sides where the barbs have split.
            {
              tag: 'path',
              attrs: {
                d: 'M50 18 C61 23 66 35 65 44 L58 47 L64 51 C62 61 57 67 52 71 L50 73 L48 71 C43 66 38 60 37 55 L43 51 L36 48 C35 36 39 24 50 18 Z',
                fill: `url(#${id('feather')})`,
                ...outlined,
              },
            },
            { tag: 'line', attrs: { x1: 50, y1: 86, x2: 50, y2: 24, stroke: '#6b4a1f', strokeWidth: 3, strokeLinecap: 'round' } },
          ],
        },
      },
      detail({
        tag: 'g',
        attrs: { transform: 'rotate(35 50 50)' },
        children: [
          ...['M50 38 Q56 40 62 43', 'M50 56 Q55 58 59 62', 'M50 42 Q44 44 38 46', 'M50 61 Q46 63 42 66'].map(
            (d): SvgNode => ({
              tag: 'path',
              attrs: { d, fill: 'none', stroke: '#d7f4ff', strokeWidth: 1.5, strokeLinecap: 'round', opacity: 0.9 },
            }),
          ),
          // A peacock-style eye near the tip.
          { tag: 'ellipse', attrs: { cx: 50, cy: 30, rx: 5, ry: 7, fill: '#1e2f86' } },
          { tag: 'ellipse', attrs: { cx: 50, cy: 30.5, rx: 2.4, ry: 3.6, fill: '#ffc83d' } },
        ],
      }),
    ],
  }),

  crystal: (id) => ({
    defs: [
      linearGradient(id('crystal'), [
        [0, '#f2feff'],
        [0.45, '#7ee7f7'],
        [1, '#0b8fb0'],
      ]),
    ],
    parts: [
      ...[
        { points: '35,76 35,50 40.5,39 46,50 46,76', transform: 'rotate(-24 40.5 76)' },
        { points: '54,76 54,47 59.5,36 65,47 65,76', transform: 'rotate(22 59.5 76)' },
        { points: '43,76 43,37 50,21 57,37 57,76' },
      ].map(({ points, transform }) =>
        body({
          tag: 'polygon',
          attrs: { points, fill: `url(#${id('crystal')})`, ...outlined, ...(transform ? { transform } : {}) },
        }),
      ),
      detail({ tag: 'polygon', attrs: { points: '43,37 50,21 50,74 43,74', fill: '#ffffff', opacity: 0.45 } }),
      detail({
        tag: 'polyline',
        attrs: { points: '43,37 50,43 57,37', fill: 'none', stroke: '#0b6f8a', strokeWidth: 1.3, strokeLinejoin: 'round' },
      }),
      detail({ tag: 'line', attrs: { x1: 50, y1: 43, x2: 50, y2: 74, stroke: '#0b6f8a', strokeWidth: 1.3 } }),
      // The rock they grow from hides the prisms' feet.
      body({ tag: 'path', attrs: { d: 'M27 75 Q50 66 73 75 Q76 81 67 82 L33 82 Q24 81 27 75 Z', fill: '#7c8796', ...outlined } }),
      detail({
        tag: 'path',
        attrs: { d: 'M33 76 Q45 71 55 72', fill: 'none', stroke: '#a7b0bc', strokeWidth: 2, strokeLinecap: 'round' },
      }),
      detail({ tag: 'polygon', attrs: { points: starPoints(68, 30, 5, 1.5, 4), fill: '#ffffff' } }),
    ],
  }),

  compass: (id) => ({
    defs: [
      linearGradient(id('compass'), [
        [0, '#f9e2a0'],
        [0.5, '#d9ab4a'],
        [1, '#a5761e'],
      ]),
    ],
    parts: [
      body({ tag: 'circle', attrs: { cx: 50, cy: 24.5, r: 4.5, fill: 'none', stroke: OUTLINE, strokeWidth: 3 } }),
      body({ tag: 'circle', attrs: { cx: 50, cy: 53, r: 25, fill: `url(#${id('compass')})`, ...outlined } }),
      cutout({ tag: 'circle', attrs: { cx: 50, cy: 53, r: 19, fill: '#fffaf0', stroke: '#8a6420', strokeWidth: 1.6 } }),
      ...[0, 90, 180, 270].map((angle) =>
        detail({
          tag: 'line',
          attrs: {
            x1: round(50 + 15 * Math.cos(rad(angle))),
            y1: round(53 + 15 * Math.sin(rad(angle))),
            x2: round(50 + 18 * Math.cos(rad(angle))),
            y2: round(53 + 18 * Math.sin(rad(angle))),
            stroke: '#8a6420',
            strokeWidth: 2,
            strokeLinecap: 'round',
          },
        }),
      ),
      detail({
        tag: 'g',
        attrs: { transform: 'rotate(35 50 53)' },
        children: [
          {
            tag: 'polygon',
            attrs: { points: '50,37 55,53 45,53', fill: '#e5484d', stroke: OUTLINE, strokeWidth: 1.2, strokeLinejoin: 'round' },
          },
          {
            tag: 'polygon',
            attrs: { points: '45,53 55,53 50,69', fill: '#e8ebef', stroke: OUTLINE, strokeWidth: 1.2, strokeLinejoin: 'round' },
          },
          { tag: 'circle', attrs: { cx: 50, cy: 53, r: 2.6, fill: OUTLINE } },
        ],
      }),
    ],
  }),

  scroll: (id) => ({
    defs: [
      linearGradient(id('scroll'), [
        [0, '#fff6dc'],
        [1, '#ecd39a'],
      ]),
    ],
    parts: [
      body({ tag: 'rect', attrs: { x: 30, y: 27, width: 40, height: 46, fill: `url(#${id('scroll')})`, ...outlined } }),
      body({ tag: 'rect', attrs: { x: 25, y: 21, width: 50, height: 10, rx: 5, fill: '#e3c57f', ...outlined } }),
      body({ tag: 'rect', attrs: { x: 25, y: 69, width: 50, height: 10, rx: 5, fill: '#e3c57f', ...outlined } }),
      ...[
        [25, 26],
        [75, 26],
        [25, 74],
        [75, 74],
      ].map(([cx, cy]) =>
        body({ tag: 'circle', attrs: { cx: cx ?? 0, cy: cy ?? 0, r: 3.6, fill: '#8b5a2b', ...outlined, strokeWidth: 2 } }),
      ),
      ...[
        [36, 39, 64],
        [36, 45, 60],
        [36, 51, 63],
        [36, 57, 52],
      ].map(([x1, y, x2]) =>
        detail({
          tag: 'line',
          attrs: {
            x1: x1 ?? 0,
            y1: y ?? 0,
            x2: x2 ?? 0,
            y2: y ?? 0,
            stroke: '#b08d57',
            strokeWidth: 2.2,
            strokeLinecap: 'round',
          },
        }),
      ),
      // A wax seal, so it reads as a document and not a banner.
      detail({ tag: 'path', attrs: { d: 'M58 64 L56 73 L60 70 L63 73 L62 64 Z', fill: '#b32424' } }),
      detail({ tag: 'circle', attrs: { cx: 60, cy: 62, r: 5, fill: '#d63b3b', stroke: '#8f1d1d', strokeWidth: 1.4 } }),
    ],
  }),

  relic: (id) => ({
    defs: [
      linearGradient(id('relic'), [
        [0, '#f7b27e'],
        [0.6, '#d9713c'],
        [1, '#a94a1f'],
      ]),
    ],
    parts: [
      // Handles first, so the urn's body covers their ends.
      ...['M43 33 C33 30 30 43 37 47', 'M57 33 C67 30 70 43 63 47'].map((d) =>
        body({ tag: 'path', attrs: { d, fill: 'none', stroke: OUTLINE, strokeWidth: 3.5, strokeLinecap: 'round' } }),
      ),
      body({
        tag: 'path',
        attrs: {
          d: 'M43 26 L43 33 C31 38 28 54 34 66 C37 71 41 74 44 75 L56 75 C59 74 63 71 66 66 C72 54 69 38 57 33 L57 26 Z',
          fill: `url(#${id('relic')})`,
          ...outlined,
        },
      }),
      body({ tag: 'rect', attrs: { x: 40, y: 21, width: 20, height: 6, rx: 2, fill: '#c4622f', ...outlined } }),
      body({ tag: 'rect', attrs: { x: 41, y: 74, width: 18, height: 6, rx: 2, fill: '#8f3c17', ...outlined } }),
      // A painted band with a key pattern, like museum amphorae.
      detail({ tag: 'path', attrs: { d: 'M31.5 49 L68.5 49 L67.5 58 L32.5 58 Z', fill: '#2b2522' } }),
      detail({
        tag: 'polyline',
        attrs: {
          points: '35,56 35,51 39,51 39,54 43,54 43,51 47,51 47,56 51,56 51,51 55,51 55,54 59,54 59,51 63,51 63,56 65,56',
          fill: 'none',
          stroke: '#f2a36e',
          strokeWidth: 1.3,
          strokeLinejoin: 'round',
        },
      }),
      detail({
        tag: 'path',
        attrs: { d: 'M38 42 Q40 37 45 35.5', fill: 'none', stroke: '#ffe1c7', strokeWidth: 2.4, strokeLinecap: 'round' },
      }),
    ],
  }),
}

function rad(degrees: number) {
  return (degrees * Math.PI) / 180
}

function round(value: number) {
  return Math.round(value * 10) / 10
}

/** A scallop's fan: straight sides from the hinge and a top edge of five bumps. */
function scallopPath(): string {
  const point = (angle: number, radius: number) =>
    `${round(50 + radius * Math.cos(rad(angle)))} ${round(50 + radius * Math.sin(rad(angle)))}`
  const angles = [196, 225.6, 255.2, 284.8, 314.4, 344]
  let d = `M50 74 L${point(angles[0] ?? 196, 26)}`
  for (let index = 1; index < angles.length; index++) {
    const from = angles[index - 1] ?? 0
    const to = angles[index] ?? 0
    d += ` Q${point((from + to) / 2, 32)} ${point(to, 26)}`
  }
  return `${d} Z`
}

/**
 * The drawing of one drop kind, its gradient ids built by `id` so two
 * drawings on one page never share (and break) each other's gradients.
 *
 * @example
 * ```ts
 * const { defs, parts } = kindArt('shell', (name) => `art1-${name}`)
 * ```
 */
export function kindArt(kind: DropKind, id: (name: string) => string): KindArt {
  return drawings[kind](id)
}
