import type { SvgNode } from './SvgNode.js'

// Small builders shared by the kind art and the rarity frames, so the
// drawings read as shapes rather than attribute soup.

/** Outline colour of every item: dark enough to separate any item from any plate. */
export const OUTLINE = '#1f2a37'

const round = (value: number) => Math.round(value * 10) / 10

/** Points of a regular polygon, first vertex straight up. */
export function polygonPoints(cx: number, cy: number, radius: number, sides: number, rotation = 0): string {
  return Array.from({ length: sides }, (_, index) => {
    const angle = ((index / sides) * 360 - 90 + rotation) * (Math.PI / 180)
    return `${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`
  }).join(' ')
}

/** Points of a star with `points` tips, alternating `outer` and `inner` radii, first tip straight up. */
export function starPoints(cx: number, cy: number, outer: number, inner: number, points: number): string {
  return Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner
    const angle = ((index / (points * 2)) * 360 - 90) * (Math.PI / 180)
    return `${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`
  }).join(' ')
}

/** A linear gradient from top to bottom (or along `x1,y1 → x2,y2` in the box). */
export function linearGradient(
  id: string,
  stops: ReadonlyArray<readonly [offset: number, color: string]>,
  direction: { x1: number; y1: number; x2: number; y2: number } = { x1: 0, y1: 0, x2: 0, y2: 1 },
): SvgNode {
  return {
    tag: 'linearGradient',
    attrs: { id, ...direction },
    children: stops.map(([offset, color]) => ({ tag: 'stop', attrs: { offset, stopColor: color } })),
  }
}

/** A radial gradient, centre to edge, with optional per-stop opacity. */
export function radialGradient(
  id: string,
  stops: ReadonlyArray<readonly [offset: number, color: string, opacity?: number]>,
  focus: { cx?: number; cy?: number } = {},
): SvgNode {
  return {
    tag: 'radialGradient',
    attrs: { id, cx: focus.cx ?? 0.5, cy: focus.cy ?? 0.5, r: 0.5 },
    children: stops.map(
      ([offset, color, opacity]): SvgNode => ({
        tag: 'stop',
        attrs: opacity === undefined ? { offset, stopColor: color } : { offset, stopColor: color, stopOpacity: opacity },
      }),
    ),
  }
}
