import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { countInWindow, type WindowCount } from './countInWindow.js'

describe('countInWindow', () => {
  test('default', () => {
    expect(countInWindow(null, 7, 2)).toEqual({ next: { window: 7, n: 1 }, allowed: true })
  })

  test('behavior: refuses at the cap and leaves the counter unchanged', () => {
    expect(countInWindow({ window: 7, n: 2 }, 7, 2)).toEqual({ next: { window: 7, n: 2 }, allowed: false })
  })

  test('behavior: a counter from an older window starts again from zero', () => {
    expect(countInWindow({ window: 6, n: 2 }, 7, 2)).toEqual({ next: { window: 7, n: 1 }, allowed: true })
  })

  test('behavior: a malformed counter counts as missing', () => {
    expect(countInWindow({ window: 'x', n: -1 }, 7, 2)).toEqual({ next: { window: 7, n: 1 }, allowed: true })
  })

  test('behavior: over any sequence of uses at non-decreasing times, no window allows more than the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 200 }), (cap, steps) => {
        let stored: WindowCount | null = null
        let window = 0
        const allowedPerWindow = new Map<number, number>()
        for (const step of steps) {
          window += step === 0 ? 1 : 0
          const { next, allowed } = countInWindow(stored, window, cap)
          stored = next
          if (allowed) allowedPerWindow.set(window, (allowedPerWindow.get(window) ?? 0) + 1)
        }
        return [...allowedPerWindow.values()].every((count) => count <= cap)
      }),
    )
  })

  test('behavior: every window allows exactly the cap when asked more often than that', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 4 }), (cap, windows) => {
        let stored: WindowCount | null = null
        let allowed = 0
        for (let window = 0; window < windows; window++)
          for (let use = 0; use < cap + 3; use++) {
            const result = countInWindow(stored, window, cap)
            stored = result.next
            allowed += result.allowed ? 1 : 0
          }
        return allowed === cap * windows
      }),
    )
  })

  test('behavior: a counter from a later window (clock behind) is never reset', () => {
    expect(countInWindow({ window: 9, n: 2 }, 7, 2)).toEqual({ next: { window: 9, n: 2 }, allowed: false })
  })
})
