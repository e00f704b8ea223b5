import { EARTH_RADIUS_METERS } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { placeEdgeArrow, type ScreenFrame } from './edgeArrow.js'
import { worldPixel } from './worldPixel.js'

const frame: ScreenFrame = { left: 28, top: 28, right: 362, bottom: 700 }
const centre = { x: 195, y: 364 }
const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180

describe('placeEdgeArrow', () => {
  test('default: a drop straight above, below, left or right puts the arrow mid-edge, pointing at it', () => {
    expect(placeEdgeArrow({ x: 195, y: -300 }, frame)).toEqual({ x: 195, y: 28, angle: 0 })
    expect(placeEdgeArrow({ x: 900, y: 364 }, frame)).toEqual({ x: 362, y: 364, angle: 90 })
    expect(placeEdgeArrow({ x: 195, y: 2000 }, frame)).toEqual({ x: 195, y: 700, angle: 180 })
    expect(placeEdgeArrow({ x: -50, y: 364 }, frame)).toEqual({ x: 28, y: 364, angle: 270 })
  })

  test('behavior: a drop inside the frame (on screen) has no arrow, the frame edge included', () => {
    expect(placeEdgeArrow(centre, frame)).toBeNull()
    expect(placeEdgeArrow({ x: 28, y: 700 }, frame)).toBeNull()
    expect(placeEdgeArrow({ x: 27.9, y: 700 }, frame)).not.toBeNull()
  })

  test('behavior: for any drop off screen, the arrow sits on the frame edge, on the line to the drop, pointing at it', () => {
    const coordinate = fc.double({ min: -5000, max: 5000, noNaN: true })
    fc.assert(
      fc.property(coordinate, coordinate, (x, y) => {
        const placed = placeEdgeArrow({ x, y }, frame)
        const inside = x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom
        if (inside) {
          expect(placed).toBeNull()
          return
        }
        if (!placed) throw new Error('an off-screen drop must have an arrow')
        const eps = 1e-6
        // On the edge: within the frame, and on one of its four sides.
        expect(placed.x).toBeGreaterThanOrEqual(frame.left - eps)
        expect(placed.x).toBeLessThanOrEqual(frame.right + eps)
        expect(placed.y).toBeGreaterThanOrEqual(frame.top - eps)
        expect(placed.y).toBeLessThanOrEqual(frame.bottom + eps)
        const onSide = [placed.x - frame.left, frame.right - placed.x, placed.y - frame.top, frame.bottom - placed.y].some(
          (gap) => Math.abs(gap) < eps,
        )
        expect(onSide).toBe(true)
        // On the ray from the centre to the drop: same direction, between the centre and the drop.
        const [tx, ty, px, py] = [x - centre.x, y - centre.y, placed.x - centre.x, placed.y - centre.y]
        expect(Math.abs(tx * py - ty * px)).toBeLessThan(1e-6 * Math.hypot(tx, ty) * Math.hypot(px, py) + eps)
        expect(tx * px + ty * py).toBeGreaterThan(0)
        expect(Math.hypot(px, py)).toBeLessThanOrEqual(Math.hypot(tx, ty) + eps)
        // And the arrow points that way (0° up, clockwise).
        const pointing = { x: Math.sin((placed.angle * Math.PI) / 180), y: -Math.cos((placed.angle * Math.PI) / 180) }
        expect(pointing.x * tx + pointing.y * ty).toBeCloseTo(Math.hypot(tx, ty), 6)
        expect(placed.angle).toBeGreaterThanOrEqual(0)
        expect(placed.angle).toBeLessThan(360)
      }),
      { numRuns: 500 },
    )
  })

  test("behavior: on an unrotated map the arrow's angle is the drop's compass bearing from the centre of the view", () => {
    const here = { lat: 1.3, lng: 103.8 }
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 359.99, noNaN: true }),
        fc.double({ min: 1000, max: 5000, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (bearing, meters, lat) => {
          const from = { lat, lng: here.lng }
          const rad = (bearing * Math.PI) / 180
          const drop = {
            lat: from.lat + (meters * Math.cos(rad)) / METERS_PER_DEGREE,
            lng: from.lng + (meters * Math.sin(rad)) / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
          }
          const [a, b] = [worldPixel(from, 16), worldPixel(drop, 16)]
          const placed = placeEdgeArrow({ x: centre.x + b.x - a.x, y: centre.y + b.y - a.y }, frame)
          if (!placed) throw new Error('1 km and more at zoom 16 is off a phone screen')
          // Within a degree: Mercator keeps angles; the rest is the flat-earth offset used to place the drop.
          const gap = Math.abs(((placed.angle - bearing + 540) % 360) - 180)
          expect(gap).toBeLessThan(1)
        },
      ),
      { numRuns: 300 },
    )
  })
})
