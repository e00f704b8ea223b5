#!/usr/bin/env node
// `node tooling/scripts/importGraph.mjs [--json] [--root=DIR]`: the import graph of every
// `packages/*/src` and `apps/*/src`, as a reader draws it: rooms (a folder
// right under src/, or a module at src/'s top), the arrows between them, the
// arrows that run back up (they close a loop between rooms), and circles
// (modules that import each other, directly or around a ring). Exits 1 when
// any source root has an arrow back up or a circle. `importGraph.test.ts`
// holds every root to zero.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { parseFlags } from './parseFlags.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** @param {string} name */
const isSource = (name) =>
  /\.tsx?$/.test(name) && !/\.(test|test-d|bench|differential\.test|official\.test)\.tsx?$/.test(name) && !name.endsWith('.d.ts')

/**
 * Every library module under `dir`, relative to it (tests, benches and fixtures left out).
 *
 * @param {string} dir
 * @param {string} [at]
 * @returns {string[]}
 */
export function sourceFilesOf(dir, at = dir) {
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const path = join(at, entry.name)
    if (entry.isDirectory()) return ['testing', '__fixtures__'].includes(entry.name) ? [] : sourceFilesOf(dir, path)
    return isSource(entry.name) ? [relative(dir, path).split('\\').join('/')] : []
  })
}

/**
 * The relative imports of one module's text (static, dynamic, `export … from`
 * and `import('…')` types), resolved against `files` (`.js` → `.ts`/`.tsx`,
 * a folder → its index).
 *
 * @param {string} file  path of the module, relative to its source root
 * @param {string} text  its source
 * @param {Set<string>} files  every module of the root
 * @returns {string[]}
 */
export function importsOf(file, text, files) {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => {
      const base = join(dirname(file), name).split('\\').join('/').replace(/^\.\//, '')
      const stem = base.replace(/\.(m?js|jsx|tsx?)$/, '')
      return (
        [`${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => files.has(candidate)) ?? base
      )
    })
}

/** @param {string} file */
/**
 * A module's room: the folder it sits in (`commands/`, `features/map/`), or
 * the module itself at the top of src/.
 *
 * @param {string} file
 */
export const roomOf = (file) => (file.includes('/') ? `${file.slice(0, file.lastIndexOf('/'))}/` : file)

/**
 * Strongly connected components of a directed graph (Tarjan), the ones with
 * more than one node or a node pointing at itself.
 *
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
export function loopsOf(graph) {
  let index = 0
  /** @type {Map<string, number>} */ const order = new Map()
  /** @type {Map<string, number>} */ const low = new Map()
  /** @type {string[]} */ const stack = []
  const onStack = new Set()
  /** @type {string[][]} */ const loops = []
  /** @param {string} node */
  const visit = (node) => {
    order.set(node, index)
    low.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next)
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (low.get(next))))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (order.get(next))))
      }
    }
    if (low.get(node) !== order.get(node)) return
    /** @type {string[]} */ const component = []
    let member
    do {
      member = /** @type {string} */ (stack.pop())
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || graph.get(node)?.has(node)) loops.push(component.sort())
  }
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node)
  return loops
}

/**
 * The order of `nodes` that leaves the fewest edges pointing back (a minimum
 * feedback arc set): exact by dynamic programming over subsets for up to 20
 * nodes, else the greedy order of Eades, Lin and Smyth. The edges against the
 * order are what a reader meets as "arrows back up".
 *
 * @param {string[]} nodes
 * @param {Map<string, Set<string>>} graph  node → nodes it imports (imports point down)
 * @returns {string[]}  highest first: every other edge points from earlier to later
 */
export function bestOrderOf(nodes, graph) {
  const n = nodes.length
  const at = new Map(nodes.map((node, index) => [node, index]))
  // into[i]: bitmask of nodes that import node i.
  const into = nodes.map((node) => {
    let mask = 0
    for (const [from, targets] of graph)
      if (targets.has(node) && at.has(from) && from !== node) mask |= 1 << /** @type {number} */ (at.get(from))
    return mask
  })
  if (n <= 20) {
    // cost[S]: fewest back edges placing the nodes of S first (highest); choice[S]: the last one placed.
    const size = 1 << n
    const cost = new Int32Array(size).fill(1 << 30)
    const choice = new Int8Array(size).fill(-1)
    cost[0] = 0
    for (let set = 0; set < size; set++) {
      if (cost[set] === 1 << 30) continue
      for (let i = 0; i < n; i++) {
        if (set & (1 << i)) continue
        // Placing i below the nodes of S: its imports of S point back up.
        let back = 0
        for (let j = 0; j < n; j++) if (set & (1 << j) && into[j] & (1 << i)) back++
        const next = set | (1 << i)
        if (cost[set] + back < cost[next]) {
          cost[next] = cost[set] + back
          choice[next] = i
        }
      }
    }
    const order = []
    for (let set = size - 1; set > 0; set &= ~(1 << choice[set])) order.unshift(nodes[choice[set]])
    return order
  }
  const left = new Set(nodes)
  const outOf = (/** @type {string} */ node) =>
    [...(graph.get(node) ?? [])].filter((next) => left.has(next) && next !== node).length
  const inOf = (/** @type {string} */ node) => [...left].filter((from) => from !== node && graph.get(from)?.has(node)).length
  const top = []
  const bottom = []
  while (left.size > 0) {
    const sink = [...left].find((node) => outOf(node) === 0)
    if (sink !== undefined) {
      bottom.unshift(sink)
      left.delete(sink)
      continue
    }
    const source = [...left].find((node) => inOf(node) === 0)
    const pick = source ?? [...left].sort((a, b) => outOf(b) - inOf(b) - (outOf(a) - inOf(a)))[0]
    top.push(/** @type {string} */ (pick))
    left.delete(/** @type {string} */ (pick))
  }
  return [...top, ...bottom]
}

/**
 * @typedef {object} GraphReport
 * @property {string} root  the source root, relative to the repository
 * @property {number} modules
 * @property {string[]} rooms
 * @property {number} arrows  room-to-room import arrows (distinct pairs)
 * @property {string[]} backUp  room arrows (`from → to`) against the best order of the rooms: each closes a loop
 * @property {string[][]} circles  modules that import each other (each loop's members)
 * @property {string[]} unresolved  relative imports naming no module of the root (stylesheets and assets aside)
 */

/**
 * The graph of one source root, from its modules' texts.
 *
 * @param {string} name  how to call the root in the report
 * @param {Record<string, string>} sources  module path (relative to the root) → text
 * @returns {GraphReport}
 * @example
 * graphOf('packages/game/src', { 'a/x.ts': "import '../b/y.js'", 'b/y.ts': '' }).backUp // []
 */
export function graphOf(name, sources) {
  const files = new Set(Object.keys(sources))
  /** @type {Map<string, Set<string>>} */ const modules = new Map()
  /** @type {Map<string, Set<string>>} */ const rooms = new Map()
  const unresolved = []
  for (const file of [...files].sort()) {
    modules.set(file, new Set())
    rooms.set(roomOf(file), rooms.get(roomOf(file)) ?? new Set())
  }
  for (const file of [...files].sort()) {
    for (const target of importsOf(file, sources[file] ?? '', files)) {
      if (!files.has(target)) {
        if (/\.(css|svg|png|json)$/.test(target)) continue
        unresolved.push(`${file} → ${target}`)
        continue
      }
      modules.get(file)?.add(target)
      if (roomOf(target) !== roomOf(file)) rooms.get(roomOf(file))?.add(roomOf(target))
    }
  }
  // Only rooms on a loop can have an arrow back up; order each loop on its own.
  const backUp = loopsOf(rooms).flatMap((loop) => {
    const order = bestOrderOf(loop, rooms)
    return loop.flatMap((from) =>
      [...(rooms.get(from) ?? [])]
        .filter((to) => loop.includes(to) && order.indexOf(to) < order.indexOf(from))
        .map((to) => `${from} → ${to}`),
    )
  })
  return {
    root: name,
    modules: files.size,
    rooms: [...rooms.keys()].sort(),
    arrows: [...rooms.values()].reduce((sum, targets) => sum + targets.size, 0),
    backUp,
    circles: loopsOf(modules),
    unresolved,
  }
}

/**
 * Every source root of the repository: `packages/*\/src` and `apps/*\/src`.
 *
 * @param {string} [repository]
 * @returns {GraphReport[]}
 */
export function graphsOfRepository(repository = root) {
  const roots = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(repository, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${group}/${entry.name}/src`)
      .filter((path) => {
        try {
          return readdirSync(join(repository, path)).length > 0
        } catch {
          return false
        }
      }),
  )
  return roots.map((path) => {
    const dir = join(repository, path)
    const sources = Object.fromEntries(sourceFilesOf(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]))
    return graphOf(path, sources)
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --root=DIR: another checkout (e.g. a `git worktree` of an older commit, for before/after figures).
  const { values } = parseFlags(process.argv.slice(2), {
    usage: 'node tooling/scripts/importGraph.mjs [--json] [--root=DIR]',
    options: { json: { type: 'boolean' }, root: { type: 'string' } },
  })
  const reports = graphsOfRepository(values.root ? resolve(String(values.root)) : root)
  if (values.json) console.log(JSON.stringify(reports, null, 2))
  else {
    for (const report of reports) {
      console.log(
        `${report.root}: ${report.modules} modules, ${report.rooms.length} rooms, ${report.arrows} arrows, ` +
          `${report.backUp.length} back up, ${report.circles.length} circles`,
      )
      for (const arrow of report.backUp) console.log(`  back up: ${arrow}`)
      for (const circle of report.circles) console.log(`  circle: ${circle.join(' ↔ ')}`)
      for (const arrow of report.unresolved) console.log(`  unresolved: ${arrow}`)
    }
  }
  process.exitCode = reports.some((report) => report.backUp.length > 0 || report.circles.length > 0) ? 1 : 0
}
