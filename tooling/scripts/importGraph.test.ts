import { describe, expect, test } from 'vitest'
import { bestOrderOf, graphOf, graphsOfRepository, loopsOf, roomOf } from './importGraph.mjs'

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]))

describe('importGraph', () => {
  test('default: rooms are folders, and modules at the top are rooms of their own', () => {
    expect(roomOf('commands/pay.ts')).toBe('commands/')
    expect(roomOf('features/map/MapScreen.tsx')).toBe('features/map/')
    expect(roomOf('facade.ts')).toBe('facade.ts')
  })

  test('behavior: an import from a lower room back into a higher one is an arrow back up', () => {
    const report = graphOf('fixture', {
      'commands/pay.ts': "import { check } from '../utils/check.js'\nimport type { T } from '../types.js'",
      'utils/check.ts': "import { x } from './x.js'",
      'utils/x.ts': "export const x = 1\nimport('../commands/pay.js')",
      'types.ts': 'export type T = 1',
    })
    expect(report.rooms).toEqual(['commands/', 'types.ts', 'utils/'])
    expect(report.arrows).toBe(3)
    // commands → utils three times over is the way down; utils → commands is the one way back.
    expect(report.backUp).toEqual(['utils/ → commands/'])
    expect(report.circles).toEqual([['commands/pay.ts', 'utils/check.ts', 'utils/x.ts']])
    expect(report.unresolved).toEqual([])
  })

  test('behavior: a folder import resolves to its index, stylesheets are not modules, a missing module is reported', () => {
    const report = graphOf('fixture', {
      'a.tsx': "import './b'\nimport './a.css'\nimport { z } from './missing.js'",
      'b/index.ts': '',
    })
    expect(report.arrows).toBe(1)
    expect(report.unresolved).toEqual(['a.tsx → missing.js'])
  })

  test('behavior: a module that imports itself is a circle; type-only imports count (a reader follows them too)', () => {
    expect(graphOf('fixture', { 'a.ts': "import type { A } from './a.js'" }).circles).toEqual([['a.ts']])
    expect(loopsOf(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([])
  })

  test('behavior: the best order leaves the fewest arrows pointing back, exactly for small loops', () => {
    // a ⇄ b, and a → c → a: two loops through a, so whatever the order two arrows point back.
    const edges = graph({ a: ['b', 'c'], b: ['c', 'a'], c: ['a'] })
    const order = bestOrderOf(['a', 'b', 'c'], edges)
    const back = [...edges].flatMap(([from, to]) => [...to].filter((node) => order.indexOf(node) < order.indexOf(from)))
    expect(back).toHaveLength(2)
    // The greedy order (more than 20 nodes) still puts every node somewhere, once.
    const ring = Array.from({ length: 24 }, (_, index) => `n${index}`)
    const big = graph(Object.fromEntries(ring.map((node, index) => [node, [ring[(index + 1) % ring.length] as string]])))
    expect(new Set(bestOrderOf(ring, big)).size).toBe(24)
  })

  test('behavior: every source root of the repository has no arrow back up, no circle, and nothing unresolved', () => {
    const reports = graphsOfRepository()
    expect(reports.map((report) => report.root)).toEqual(
      expect.arrayContaining(['packages/minikit/src', 'packages/game/src', 'apps/miniapp/src', 'apps/functions/src']),
    )
    for (const report of reports) {
      expect(report.modules, report.root).toBeGreaterThan(10)
      expect({ root: report.root, backUp: report.backUp, circles: report.circles, unresolved: report.unresolved }).toEqual({
        root: report.root,
        backUp: [],
        circles: [],
        unresolved: [],
      })
    }
  })
})
