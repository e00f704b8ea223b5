import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dropLayer, MARKER_LAYERS } from './markerLayers.js'
import { type MarkerHitArea, pickMarker } from './pickMarker.js'

const gem = (id: string, x: number, y: number, layer: number, order: number): MarkerHitArea => ({
  id,
  x,
  y,
  radius: 12,
  layer,
  order,
})

describe('pickMarker', () => {
  test("default: a tap on a gem picks it; a tap on nobody's gem picks nothing (the browser's target stands)", () => {
    const markers = [gem('a', 100, 100, 2, 0), gem('b', 200, 100, 2, 1)]
    expect(pickMarker({ x: 105, y: 95 }, markers)).toBe('a')
    expect(pickMarker({ x: 150, y: 100 }, markers)).toBeNull()
  })

  test('behavior: on a gem partly under another, a tap on the overlap hits the top one, a tap on its visible part hits it', () => {
    // 'under' draws lower (a common), 'over' higher (in reach), 16 px apart: their 24 px gems overlap by 8 px.
    const markers = [gem('over', 116, 100, MARKER_LAYERS.inReach, 0), gem('under', 100, 100, MARKER_LAYERS.drop, 1)]
    expect(pickMarker({ x: 108, y: 100 }, markers)).toBe('over')
    // The under one's visible crescent, inside the over one's 44 px margin: still the under one.
    expect(pickMarker({ x: 92, y: 100 }, markers)).toBe('under')
    // Same layer: the later sibling draws on top.
    expect(pickMarker({ x: 108, y: 100 }, [gem('first', 100, 100, 2, 0), gem('second', 116, 100, 2, 1)])).toBe('second')
  })

  test('behavior: the pick is always a marker under the tap, and none drawn higher there', () => {
    const marker = fc.record({
      x: fc.integer({ min: 0, max: 100 }),
      y: fc.integer({ min: 0, max: 100 }),
      radius: fc.integer({ min: 1, max: 22 }),
      layer: fc.integer({ min: 1, max: 5 }),
    })
    fc.assert(
      fc.property(
        fc.array(marker, { maxLength: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (specs, x, y) => {
          const markers = specs.map((spec, order) => ({ ...spec, id: `m${order}`, order }))
          const under = markers.filter((m) => (m.x - x) ** 2 + (m.y - y) ** 2 <= m.radius ** 2)
          const picked = pickMarker({ x, y }, markers)
          if (under.length === 0) {
            expect(picked).toBeNull()
            return
          }
          const top = markers.find((m) => m.id === picked)
          if (!top) throw new Error('picked a marker that is not there')
          expect(under).toContain(top)
          for (const other of under) expect(other.layer * 100 + other.order).toBeLessThanOrEqual(top.layer * 100 + top.order)
        },
      ),
    )
  })
})

describe('dropLayer', () => {
  test('default: bubbles < common drops < rare and up < in reach < selected < the player', () => {
    const layers = [
      MARKER_LAYERS.cluster,
      dropLayer({ rarity: 'uncommon', inReach: false, selected: false }),
      dropLayer({ rarity: 'rare', inReach: false, selected: false }),
      dropLayer({ rarity: 'common', inReach: true, selected: false }),
      dropLayer({ rarity: 'legendary', inReach: true, selected: true }),
      MARKER_LAYERS.player,
    ]
    expect(layers).toEqual([1, 2, 3, 4, 5, 6])
  })

  test('behavior: no drop, whatever its state, ever draws over the player', () => {
    for (const rarity of ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const)
      for (const inReach of [false, true])
        for (const selected of [false, true]) expect(dropLayer({ rarity, inReach, selected })).toBeLessThan(MARKER_LAYERS.player)
  })
})
