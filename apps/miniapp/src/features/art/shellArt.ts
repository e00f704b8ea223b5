import type { Rarity } from '@worldmap/game'
import { body, type DrawArt, detail, outlined, polar, shade, shine, twinkle } from './artParts.js'
import type { SvgNode } from './SvgNode.js'
import { OUTLINE } from './svgShapes.js'

/** A scallop's fan: straight sides from the hinge (50, hingeY) and a top edge of five bumps. */
function scallopPath(hingeY = 74, radius = 26): string {
  const point = (angle: number, r: number) => polar(50, hingeY - 24, r, angle).join(' ')
  const angles = [196, 225.6, 255.2, 284.8, 314.4, 344]
  let d = `M50 ${hingeY} L${point(angles[0] ?? 196, radius)}`
  for (let index = 1; index < angles.length; index++) {
    const from = angles[index - 1] ?? 0
    const to = angles[index] ?? 0
    d += ` Q${point((from + to) / 2, radius * 1.23)} ${point(to, radius)}`
  }
  return `${d} Z`
}

/** Ridges fanning out from the hinge: the one detail that says "scallop". */
function ridges(angles: number[], stroke: string, hingeY = 74) {
  return angles.map((angle) => {
    const [x2, y2] = polar(50, hingeY - 24, 23, angle)
    return detail({ tag: 'line', attrs: { x1: 50, y1: hingeY - 2, x2, y2, stroke, strokeWidth: 2.2, strokeLinecap: 'round' } })
  })
}

const foot: SvgNode = {
  tag: 'path',
  attrs: { d: 'M42 68 L33 74 Q31 80 37 80 L63 80 Q69 80 67 74 L58 68 Z', fill: '#e98e7c', ...outlined },
}

const fan = (light: string, mid: string, dark: string) => (id: (name: string) => string) =>
  shade(id('shell'), light, mid, dark, 0.55)

/** An Archimedean spiral from the centre out: a nautilus' or a snail's coil. */
function spiral(cx: number, cy: number, turns: number, growth: number): string {
  const points: string[] = []
  for (let step = 0; step <= turns * 24; step++) {
    const angle = step * 15
    points.push(polar(cx, cy, 1 + (growth * angle) / 360, angle + 180).join(' '))
  }
  return `M${points.join(' L')}`
}

/** The shell's ladder: a plain cockle → a pink scallop → a spiral whelk → an open clam with its pearl → a golden nautilus. */
export const shellArt: Record<Rarity, DrawArt> = {
  common: (id) => ({
    defs: [fan('#f6eee2', '#dcc9ae', '#b39b7a')(id)],
    parts: [
      body({
        tag: 'path',
        attrs: {
          d: 'M50 72 C30 72 25 55 29 44 C33 33 42 29 50 29 C58 29 67 33 71 44 C75 55 70 72 50 72 Z',
          fill: `url(#${id('shell')})`,
          ...outlined,
        },
      }),
      ...[35, 42, 50, 58, 65].map((x) =>
        detail({ tag: 'path', attrs: { d: `M50 70 Q${x} 50 ${x} 32`, fill: 'none', stroke: '#a48a66', strokeWidth: 1.6 } }),
      ),
    ],
  }),
  uncommon: (id) => ({
    defs: [fan('#ffe3d6', '#ffb29e', '#ec7f6b')(id)],
    parts: [
      body(foot),
      body({ tag: 'path', attrs: { d: scallopPath(), fill: `url(#${id('shell')})`, ...outlined } }),
      ...ridges([212, 241, 270, 299, 328], '#d36a57'),
      shine('M34 36 Q40 28 48 26'),
    ],
  }),
  rare: (id) => ({
    defs: [fan('#fff4e0', '#f3c38a', '#c9803a')(id)],
    parts: [
      // A whelk: a fat body whorl, a pointed spire and the lip's opening.
      body({
        tag: 'path',
        attrs: {
          d: 'M38 36 L62 22 L58 40 C72 46 72 66 58 76 C48 82 34 76 32 62 C30 50 34 42 38 36 Z',
          fill: `url(#${id('shell')})`,
          ...outlined,
        },
      }),
      body({
        tag: 'path',
        attrs: {
          d: 'M44 52 C52 48 60 54 58 64 C56 72 46 74 42 68 C46 64 46 58 44 52 Z',
          fill: '#fbd7e4',
          stroke: OUTLINE,
          strokeWidth: 1.8,
        },
      }),
      ...['M40 44 Q52 40 60 44', 'M47 34 Q54 31 59 32', 'M53 27 Q57 26 60 26'].map((d) =>
        detail({ tag: 'path', attrs: { d, fill: 'none', stroke: '#9a5a22', strokeWidth: 1.8, strokeLinecap: 'round' } }),
      ),
      shine('M36 56 Q35 48 39 43'),
    ],
  }),
  epic: (id) => ({
    defs: [fan('#f6ecff', '#d7b7f5', '#9a66cf')(id)],
    parts: [
      // The upper valve opens back like a lid, the lower holds the pearl.
      body({
        tag: 'path',
        attrs: { d: scallopPath(52, 22), fill: `url(#${id('shell')})`, ...outlined, transform: 'translate(0 -6)' },
      }),
      body({ tag: 'path', attrs: { d: 'M24 56 Q50 64 76 56 Q72 78 50 80 Q28 78 24 56 Z', fill: '#c9a3ee', ...outlined } }),
      ...ridges([220, 250, 290, 320], '#8450b8', 46),
      body({ tag: 'circle', attrs: { cx: 50, cy: 57, r: 8, fill: '#fffaf4', ...outlined, strokeWidth: 2 } }),
      detail({ tag: 'circle', attrs: { cx: 47.5, cy: 54.5, r: 2.5, fill: '#ffffff' } }),
      twinkle(62, 52, 4.5),
    ],
  }),
  legendary: (id) => ({
    defs: [fan('#fff6c9', '#f5c02c', '#c07800')(id)],
    parts: [
      body({ tag: 'circle', attrs: { cx: 52, cy: 52, r: 27, fill: `url(#${id('shell')})`, ...outlined } }),
      // The pearly opening, then the chambers: a spiral and its septa.
      body({
        tag: 'path',
        attrs: {
          d: 'M52 25 C66 27 78 38 79 52 C70 50 62 44 60 36 C58 31 55 28 52 25 Z',
          fill: '#fff1d6',
          ...outlined,
          strokeWidth: 2,
        },
      }),
      detail({
        tag: 'path',
        attrs: { d: spiral(48, 54, 2.2, 9), fill: 'none', stroke: '#8a5200', strokeWidth: 2, strokeLinecap: 'round' },
      }),
      ...[200, 250, 300, 350, 40, 90].map((angle) => {
        const [x1, y1] = polar(48, 54, 8, angle)
        const [x2, y2] = polar(48, 54, 24, angle)
        return detail({ tag: 'line', attrs: { x1, y1, x2, y2, stroke: '#b56e00', strokeWidth: 1.3, opacity: 0.8 } })
      }),
      shine('M31 44 Q34 34 43 28'),
      twinkle(74, 72, 5),
      twinkle(26, 72, 4),
      detail({ tag: 'circle', attrs: { cx: 48, cy: 54, r: 2.2, fill: OUTLINE } }),
    ],
  }),
}
