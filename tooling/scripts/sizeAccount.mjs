// The per-module account of a size.mjs bundle: output bytes traced back to
// their original sources through the bundle's sourcemap (which esbuild chains
// through packages/minikit/dist's own maps to src/ files), grouped by npm
// package and by our src/ folder. `node tooling/scripts/size.mjs --account`.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const slash = (/** @type {string} */ p) => p.split(sep).join('/')
const gzipSize = (/** @type {Uint8Array} */ bytes) => gzipSync(bytes, { level: 9 }).length

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * Minified output bytes per original source (a src/ file of ours, or an npm
 * package), read from the output sourcemap: each mapping segment owns the
 * columns up to the next segment. Returns every owner, largest first, with
 * the output spans it owns (for the account's "saved if removed" figure).
 *
 * @param {import('esbuild').OutputFile} outFile
 * @param {import('esbuild').OutputFile} mapFile
 * @param {string} entryFile
 * @param {string} root  the repository root, which source paths are taken relative to
 * @returns {Array<[string, number, Array<[number, number]>]>}
 */
export function contributors(outFile, mapFile, entryFile, root) {
  /** @type {{ sources: string[], sourceRoot?: string, mappings: string }} */
  const map = JSON.parse(mapFile.text)
  const owners = map.sources.map((source) => {
    const abs = resolve(dirname(mapFile.path), map.sourceRoot ?? '', source)
    return abs === entryFile ? '(entry)' : ownerOf(slash(relative(root, abs)))
  })
  /** @type {Map<string, number>} */
  const bytes = new Map()
  /** @type {Map<string, Array<[number, number]>>} */
  const ranges = new Map()
  const lines = outFile.text.split('\n')
  let lineStart = 0
  let source = 0
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? ''
    let column = 0
    /** @type {Array<[number, string]>} */
    const spans = []
    for (const segment of segments.split(',')) {
      if (!segment) continue
      /** @type {number[]} */
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += /** @type {number} */ (fields[0])
      if (fields.length > 1) source += /** @type {number} */ (fields[1])
      spans.push([column, fields.length > 1 ? /** @type {string} */ (owners[source]) : '(unmapped)'])
    }
    spans.forEach(([start, owner], i) => {
      const end = spans[i + 1]?.[0] ?? line.length
      bytes.set(owner, (bytes.get(owner) ?? 0) + Math.max(0, end - start))
      if (end > start) ranges.set(owner, [...(ranges.get(owner) ?? []), [lineStart + start, lineStart + end]])
    })
    lineStart += line.length + 1
  })
  return [...bytes].sort((a, b) => b[1] - a[1]).map(([owner, n]) => [owner, n, ranges.get(owner) ?? []])
}

/**
 * The account's group of one source: an npm package by name, our src/ files
 * by folder (`minikit src/v2/`), top-level src/ files as `minikit src/*.ts`.
 *
 * @param {string} owner
 */
function groupOf(owner) {
  const ours = /^packages\/minikit\/src\/(?:(.+)\/)?[^/]+$/.exec(owner)
  if (ours) return ours[1] ? `minikit src/${ours[1]}/` : 'minikit src/*.ts'
  return owner
}

/**
 * Bytes per module and per group of one bundle: minified bytes (the
 * sourcemap's spans), what of them sits in string literals (spans that start
 * with a quote, an estimate), and the gzip bytes the bundle loses when the
 * group's spans are cut out (shares do not add up exactly: gzip shares
 * repeats across groups).
 *
 * @param {Uint8Array} contents
 * @param {Array<[string, number, Array<[number, number]>]>} owners
 */
export function account(contents, owners) {
  const text = new TextDecoder().decode(contents)
  const total = gzipSize(contents)
  /** @type {Map<string, { minified: number, strings: number, ranges: Array<[number, number]>, modules: Array<[string, number]> }>} */
  const groups = new Map()
  for (const [owner, minified, ranges] of owners) {
    const group = groups.get(groupOf(owner)) ?? { minified: 0, strings: 0, ranges: [], modules: [] }
    group.minified += minified
    for (const [a, b] of ranges) if (/^["'`]/.test(text.slice(a, a + 1))) group.strings += b - a
    group.ranges.push(...ranges)
    group.modules.push([owner, minified])
    groups.set(groupOf(owner), group)
  }
  const cut = (/** @type {Array<[number, number]>} */ ranges) => {
    const drop = new Uint8Array(text.length)
    for (const [a, b] of ranges) drop.fill(1, a, b)
    let kept = ''
    for (let i = 0; i < text.length; i++) if (!drop[i]) kept += text[i]
    return total - gzipSize(Buffer.from(kept))
  }
  return [...groups]
    .map(([name, g]) => ({ name, minified: g.minified, strings: g.strings, gzipSaved: cut(g.ranges), modules: g.modules }))
    .sort((a, b) => b.minified - a.minified)
}

/**
 * `node_modules/.pnpm/x/node_modules/@a/b/c.js` -> `@a/b`; workspace files stay as they are.
 *
 * @param {string} input
 */
function ownerOf(input) {
  const parts = input.split('node_modules/')
  if (parts.length === 1) return input
  const [first = '', second] = /** @type {string} */ (parts.at(-1)).split('/')
  return first.startsWith('@') ? `${first}/${second}` : first
}

/**
 * The `--account` listing of one bundle: each group with its modules.
 *
 * @param {string} name
 * @param {ReturnType<typeof account>} groups
 * @param {number} top  how many modules per group
 */
export function accountText(name, groups, top) {
  const head = `\n${name}: account (minified bytes; ≈ of them in string literals; gzip saved if the group is cut out)`
  const rows = groups.flatMap((g) => [
    `  ${String(g.minified).padStart(8)}  ≈${String(g.strings).padStart(6)} str  ${String(g.gzipSaved).padStart(6)} gz  ${g.name}`,
    ...(g.modules.length > 1 || g.modules[0]?.[0] !== g.name
      ? g.modules.slice(0, top).map(([m, n]) => `            ${String(n).padStart(8)}  ${m.replace(/^packages\/minikit\//, '')}`)
      : []),
  ])
  return [head, ...rows].join('\n')
}

/**
 * Original sources of a bundled input: the input itself plus, for workspace
 * dist files, the src/ modules their sourcemap names.
 *
 * @param {string} input  a path relative to `root`
 * @param {string} root
 * @returns {string[]}
 */
export function originalSources(input, root) {
  const abs = join(root, input)
  const map = `${abs}.map`
  if (!input.includes('node_modules/') && existsSync(map)) {
    try {
      /** @type {{ sources?: string[], sourceRoot?: string }} */
      const { sources = [], sourceRoot = '' } = JSON.parse(readFileSync(map, 'utf8'))
      return [input, ...sources.map((s) => slash(relative(root, resolve(dirname(abs), sourceRoot, s))))]
    } catch {
      // An unreadable map only loses detail; the input path itself still counts.
    }
  }
  return [input]
}
