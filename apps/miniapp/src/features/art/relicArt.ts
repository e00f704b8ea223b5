import type { Rarity } from '@worldmap/game'
import { body, cutout, type DrawArt, detail, outlined, rays, shade, shine, twinkle } from './artParts.js'
import { OUTLINE } from './svgShapes.js'

const clay = (id: string, light: string, mid: string, dark: string) => shade(id, light, mid, dark, 0.6)

const URN = 'M43 26 L43 33 C31 38 28 54 34 66 C37 71 41 74 44 75 L56 75 C59 74 63 71 66 66 C72 54 69 38 57 33 L57 26 Z'

/** The relic's ladder: a cracked clay pot → a painted amphora → a bronze hourglass → an ornate key → a radiant golden grail. */
export const relicArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [clay(id('relic'), '#e7b08a', '#b86a3c', '#874420')],
    parts: [
      body({
        tag: 'path',
        attrs: { d: 'M38 34 L62 34 C72 44 72 64 62 76 L38 76 C28 64 28 44 38 34 Z', fill: `url(#${id('relic')})`, ...outlined },
      }),
      body({ tag: 'rect', attrs: { x: 35, y: 28, width: 30, height: 7, rx: 2, fill: '#c27a48', ...outlined } }),
      // A chip off the rim and a crack: it has been in the ground a long time.
      detail({
        tag: 'polyline',
        attrs: { points: '58,36 54,46 58,52 53,62', fill: 'none', stroke: '#5e2c10', strokeWidth: 1.6, strokeLinejoin: 'round' },
      }),
      shine('M36 48 Q37 42 40 39', 2.4),
    ],
  }),
  uncommon: (id) => ({
    defs: [clay(id('relic'), '#f7b27e', '#d9713c', '#a94a1f')],
    parts: [
      // Handles first, so the urn's body covers their ends.
      ...['M43 33 C33 30 30 43 37 47', 'M57 33 C67 30 70 43 63 47'].map((d) =>
        body({ tag: 'path', attrs: { d, fill: 'none', stroke: OUTLINE, strokeWidth: 3.5, strokeLinecap: 'round' } }),
      ),
      body({ tag: 'path', attrs: { d: URN, fill: `url(#${id('relic')})`, ...outlined } }),
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
      shine('M38 42 Q40 37 45 35.5', 2.4),
    ],
  }),
  rare: (id) => ({
    defs: [clay(id('relic'), '#f3d3a6', '#c48a44', '#7c4f1c')],
    parts: [
      // An hourglass: two bulbs of glass in a bronze frame, the sand half run through.
      body({
        tag: 'path',
        attrs: {
          d: 'M36 28 L64 28 C64 42 54 46 52 50 C54 54 64 58 64 72 L36 72 C36 58 46 54 48 50 C46 46 36 42 36 28 Z',
          fill: '#e6f3ff',
          ...outlined,
        },
      }),
      cutout({ tag: 'path', attrs: { d: 'M41 40 L59 40 C57 45 52 47 50 50 C48 47 43 45 41 40 Z', fill: '#3b7bf0' } }),
      cutout({
        tag: 'path',
        attrs: {
          d: 'M50 51 L50 62 M39 70 C40 62 46 60 50 60 C54 60 60 62 61 70 Z',
          fill: '#3b7bf0',
          stroke: '#3b7bf0',
          strokeWidth: 1.4,
        },
      }),
      ...[21, 72].map((y) =>
        body({ tag: 'rect', attrs: { x: 28, y, width: 44, height: 7, rx: 2.5, fill: `url(#${id('relic')})`, ...outlined } }),
      ),
      ...[31, 69].map((x) =>
        body({ tag: 'rect', attrs: { x: x - 2, y: 27, width: 4, height: 46, fill: '#a86a2c', ...outlined, strokeWidth: 1.8 } }),
      ),
      shine('M39 31 Q40 37 44 40', 2),
    ],
  }),
  epic: (id) => ({
    defs: [clay(id('relic'), '#f2e2ff', '#c9a060', '#7a5420')],
    parts: [
      // An old key, turned on its side: an ornate bow with a stone, a long shank, a toothed bit.
      body({
        tag: 'path',
        attrs: {
          d: 'M40 46 L76 46 L76 54 L70 54 L70 61 L64 61 L64 54 L58 54 L58 59 L53 59 L53 54 L40 54 Z',
          fill: `url(#${id('relic')})`,
          ...outlined,
        },
      }),
      body({ tag: 'circle', attrs: { cx: 32, cy: 50, r: 13, fill: `url(#${id('relic')})`, ...outlined } }),
      ...[
        [32, 35],
        [32, 65],
        [17, 50],
      ].map(([cx, cy]) =>
        body({ tag: 'circle', attrs: { cx: cx ?? 0, cy: cy ?? 0, r: 4, fill: '#c9a060', ...outlined, strokeWidth: 2 } }),
      ),
      body({ tag: 'circle', attrs: { cx: 32, cy: 50, r: 13, fill: 'none', stroke: OUTLINE, strokeWidth: 2.5 } }),
      cutout({ tag: 'circle', attrs: { cx: 32, cy: 50, r: 6.5, fill: '#a45be8', stroke: OUTLINE, strokeWidth: 1.6 } }),
      detail({ tag: 'circle', attrs: { cx: 30, cy: 48, r: 2, fill: '#f0dcff' } }),
      detail({
        tag: 'line',
        attrs: { x1: 46, y1: 49, x2: 74, y2: 49, stroke: '#f8ecd0', strokeWidth: 1.6, strokeLinecap: 'round' },
      }),
      twinkle(70, 34, 5),
    ],
  }),
  legendary: (id) => ({
    defs: [clay(id('relic'), '#fff3b8', '#f0b520', '#b87800')],
    parts: [
      // The grail: a gold chalice with a halo of light behind it.
      rays(50, 40, 32, 22, 14, '#ffe27a'),
      body({
        tag: 'path',
        attrs: {
          d: 'M30 26 L70 26 C70 42 62 52 54 54 L54 66 C60 68 64 71 64 76 L36 76 C36 71 40 68 46 66 L46 54 C38 52 30 42 30 26 Z',
          fill: `url(#${id('relic')})`,
          ...outlined,
        },
      }),
      detail({ tag: 'path', attrs: { d: 'M32 32 L68 32', fill: 'none', stroke: '#b87800', strokeWidth: 1.8 } }),
      ...(
        [
          [40, '#2f6fe8'],
          [50, '#e5484d'],
          [60, '#2f9e44'],
        ] as const
      ).map(([cx, fill]) =>
        detail({ tag: 'circle', attrs: { cx, cy: 40, r: cx === 50 ? 4 : 3, fill, stroke: OUTLINE, strokeWidth: 1.2 } }),
      ),
      detail({ tag: 'ellipse', attrs: { cx: 50, cy: 60, rx: 5.5, ry: 2, fill: '#b87800' } }),
      shine('M35 31 Q36 40 41 46', 2.4),
      twinkle(74, 66, 4.5),
    ],
  }),
}
