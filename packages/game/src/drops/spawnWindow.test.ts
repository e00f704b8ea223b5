import fc from 'fast-check'
import { expect, test } from 'vitest'
import { SPAWN_WINDOW_MS, spawnWindowOf } from './spawnWindow.js'

test('default', () => {
  expect(spawnWindowOf(Date.UTC(2026, 10, 23, 9, 45))).toEqual({
    index: 997_459,
    start: Date.UTC(2026, 10, 23, 9, 30),
    end: Date.UTC(2026, 10, 23, 10, 0),
  })
})

test('behavior: a window holds its start and not its end (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 47 }), (time) => {
      const window = spawnWindowOf(time)
      expect(window.start).toBeLessThanOrEqual(time)
      expect(time).toBeLessThan(window.end)
      expect(window.end - window.start).toBe(SPAWN_WINDOW_MS)
      expect(spawnWindowOf(window.end).index).toBe(window.index + 1)
    }),
  )
})
