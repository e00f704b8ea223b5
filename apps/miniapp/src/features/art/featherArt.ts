import type { Rarity } from '@worldmap/game'
import { body, cutout, type DrawArt, detail, outlined, shade, twinkle } from './artParts.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE } from './svgShapes.js'

/** The vane, notched on both sides where the barbs have split. */
const VANE =
  'M50 18 C61 23 66 35 65 44 L58 47 L64 51 C62 61 57 67 52 71 L50 73 L48 71 C43 66 38 60 37 55 L43 51 L36 48 C35 36 39 24 50 18 Z'
/** A plain vane with no split, slimmer: a pigeon's. */
const PLAIN_VANE = 'M50 22 C59 27 62 40 60 52 C58 62 54 68 50 72 C46 68 42 62 40 52 C38 40 41 27 50 22 Z'
/** A vane whose edges lick up like flames. */
const FLAME_VANE =
  'M50 14 C56 20 54 24 60 26 C66 30 62 36 67 40 C70 46 64 48 66 54 C66 62 58 64 56 70 L50 76 L44 70 C42 64 34 62 34 54 C36 48 30 46 33 40 C38 36 34 30 40 26 C46 24 44 20 50 14 Z'

const vaneGradient = (id: string, [light, mid, dark]: readonly [string, string, string]) => shade(id, light, mid, dark)

const shaft = (top: number, bottom = 86, stroke = '#6b4a1f'): SvgNode => ({
  tag: 'line',
  attrs: { x1: 50, y1: bottom, x2: 50, y2: top, stroke, strokeWidth: 3, strokeLinecap: 'round' },
})

const barbs = (stroke: string, paths: string[]): SvgNode[] =>
  paths.map((d) => ({ tag: 'path', attrs: { d, fill: 'none', stroke, strokeWidth: 1.5, strokeLinecap: 'round', opacity: 0.9 } }))

const BARBS = ['M50 38 Q56 40 62 43', 'M50 56 Q55 58 59 62', 'M50 42 Q44 44 38 46', 'M50 61 Q46 63 42 66']

/** Feathers lean like one dropped on the ground: everything is drawn upright, then tilted. */
const tilted = (children: SvgNode[], angle = 35): SvgNode => ({
  tag: 'g',
  attrs: { transform: `rotate(${angle} 50 50)` },
  children,
})

/** The feather's ladder: a pigeon's → a parrot's → a peacock's eye → a quill in its inkwell → a phoenix feather in flames. */
export const featherArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [vaneGradient(id('feather'), ['#eef0f2', '#aab3bd', '#6f7a86'])],
    parts: [
      body(
        tilted([
          { tag: 'path', attrs: { d: PLAIN_VANE, fill: `url(#${id('feather')})`, ...outlined } },
          shaft(28, 84, '#4b5560'),
        ]),
      ),
      detail(tilted(barbs('#ffffff', ['M50 44 Q55 46 58 49', 'M50 52 Q45 54 42 57']))),
    ],
  }),
  uncommon: (id) => ({
    defs: [vaneGradient(id('feather'), ['#c8f57a', '#3fb950', '#1d6b2d'])],
    parts: [
      body(tilted([{ tag: 'path', attrs: { d: VANE, fill: `url(#${id('feather')})`, ...outlined } }, shaft(24)])),
      detail(
        tilted([
          ...barbs('#e9ffd0', BARBS),
          {
            tag: 'path',
            attrs: { d: 'M44 30 Q50 22 56 30', fill: 'none', stroke: '#f0c419', strokeWidth: 3, strokeLinecap: 'round' },
          },
        ]),
      ),
    ],
  }),
  rare: (id) => ({
    defs: [vaneGradient(id('feather'), ['#5eead4', '#22a6f0', '#2550d9'])],
    parts: [
      body(tilted([{ tag: 'path', attrs: { d: VANE, fill: `url(#${id('feather')})`, ...outlined } }, shaft(24)])),
      detail(tilted(barbs('#d7f4ff', BARBS))),
      // A peacock's eye near the tip: kept as a hole in the silhouette, the feather's tell.
      cutout(tilted([{ tag: 'ellipse', attrs: { cx: 50, cy: 31, rx: 6.5, ry: 8.5, fill: '#1e2f86' } }])),
      detail(
        tilted([
          { tag: 'ellipse', attrs: { cx: 50, cy: 31.5, rx: 4, ry: 5.2, fill: '#2fb7a8' } },
          { tag: 'ellipse', attrs: { cx: 50, cy: 32, rx: 2, ry: 2.8, fill: '#ffc83d' } },
        ]),
      ),
    ],
  }),
  epic: (id) => ({
    defs: [vaneGradient(id('feather'), ['#f0dcff', '#a45be8', '#5a1f96'])],
    parts: [
      // The quill stands in an inkwell: the feather has become a writer's tool.
      body(
        tilted(
          [
            {
              tag: 'path',
              attrs: {
                d: 'M50 12 C60 17 63 29 61 40 L55 43 L60 46 C58 54 54 58 51 61 L49 61 C45 56 41 51 40 47 L45 44 L39 41 C37 30 40 18 50 12 Z',
                fill: `url(#${id('feather')})`,
                ...outlined,
              },
            },
            shaft(18, 72, '#3d2a10'),
            {
              tag: 'path',
              attrs: { d: 'M48 70 L50 80 L52 70 Z', fill: '#c9d2dc', stroke: OUTLINE, strokeWidth: 1.5, strokeLinejoin: 'round' },
            },
          ],
          20,
        ),
      ),
      detail(tilted(barbs('#f6eaff', ['M50 30 Q56 32 60 35', 'M50 35 Q44 37 40 39', 'M50 50 Q54 52 57 54']), 20)),
      body({
        tag: 'path',
        attrs: {
          d: 'M34 66 Q34 60 40 60 L60 60 Q66 60 66 66 L66 78 Q66 82 62 82 L38 82 Q34 82 34 78 Z',
          fill: '#2b2540',
          ...outlined,
        },
      }),
      body({ tag: 'rect', attrs: { x: 41, y: 55, width: 18, height: 6, rx: 2, fill: '#5a1f96', ...outlined, strokeWidth: 2 } }),
      detail({
        tag: 'path',
        attrs: { d: 'M39 70 Q39 65 43 65', fill: 'none', stroke: '#8f86b8', strokeWidth: 2.2, strokeLinecap: 'round' },
      }),
    ],
  }),
  legendary: (id) => ({
    defs: [vaneGradient(id('feather'), ['#fff3a0', '#ff9d1c', '#d3261f'])],
    parts: [
      body(
        tilted(
          [{ tag: 'path', attrs: { d: FLAME_VANE, fill: `url(#${id('feather')})`, ...outlined } }, shaft(22, 88, '#7a1f0c')],
          30,
        ),
      ),
      detail(
        tilted(
          [
            {
              tag: 'path',
              attrs: { d: 'M50 30 C55 38 57 46 54 56 C52 62 48 62 46 56 C43 46 45 38 50 30 Z', fill: '#fff3a0', opacity: 0.9 },
            },
            ...barbs('#ffe27a', ['M50 62 Q55 64 58 67', 'M50 64 Q45 66 42 69']),
          ],
          30,
        ),
      ),
      twinkle(26, 30, 5, '#ffe27a'),
      twinkle(74, 72, 4.5, '#ffe27a'),
    ],
  }),
}
