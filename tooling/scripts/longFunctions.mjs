#!/usr/bin/env node
// Lists every function in the production sources with its length in lines,
// longest first, so "no closure longer than a screen" (issue 23, point 3) is a
// number a reviewer and CI can check instead of a feeling.
//
// A function's length is the span of its node, first line to last, comments
// and blank lines included: that is what a reader scrolls through. A closure
// counts with the functions nested in it (a 300-line factory holding ten
// 30-line handlers is still a 300-line closure); each nested function is also
// listed on its own.
//
// Parsed with the TypeScript compiler API (a root devDependency), syntax only:
// no program, no type check, so the whole repository takes about a second.
//
//   node tooling/scripts/longFunctions.mjs                 every function, longest first
//   node tooling/scripts/longFunctions.mjs --top=15        the 15 longest
//   node tooling/scripts/longFunctions.mjs --max=80        exit 1 when any is longer than 80 lines
//   node tooling/scripts/longFunctions.mjs packages/simulator/src   only these folders (default: packages/*/src, apps/*/src)

import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const SOURCE = /\.(?:[cm]?[jt]sx?)$/
// Tests, type tests, benchmarks and declarations are not production code;
// test/ and e2e/ folders hold suites and their helpers; dist is built output.
const SKIPPED_FILE = /\.(?:test|test-d|spec|bench)\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/
const SKIPPED_DIR = new Set(['test', 'e2e', 'dist', 'node_modules', 'coverage'])

/**
 * @typedef {{ name: string, line: number, lines: number }} FunctionLength
 * @typedef {FunctionLength & { file: string }} FunctionEntry
 */

/**
 * The name a reader would look for: a declaration's own name, the variable,
 * property or method it is assigned to, or the call it is passed to.
 * @param {import('typescript').Node} node
 * @returns {string}
 */
function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if ('name' in node && node.name && !ts.isComputedPropertyName(node.name)) {
    const own = node.name.getText()
    if (ts.isGetAccessorDeclaration(node)) return `get ${own}`
    if (ts.isSetAccessorDeclaration(node)) return `set ${own}`
    return own
  }
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText()
  }
  if (ts.isExportAssignment(parent)) return 'default'
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression.getText()
    return `${callee.length > 40 ? `${callee.slice(0, 37)}...` : callee}(callback)`
  }
  return '(anonymous)'
}

/**
 * Every function, arrow, method, accessor and constructor in one source text.
 * Nested functions are named after their enclosing ones (`outer > inner`).
 * @param {string} text
 * @param {string} [fileName] its extension picks the parser (.tsx/.jsx parse JSX)
 * @returns {FunctionLength[]} in source order
 */
export function measureFunctions(text, fileName = 'source.ts') {
  const kind = /x$/.test(fileName) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  /** @type {FunctionLength[]} */
  const found = []
  /** @param {import('typescript').Node} node @param {string[]} outer */
  const visit = (node, outer) => {
    let path = outer
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = [...outer, nameOf(node)].join(' > ')
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1
      found.push({ name, line, lines: last - line + 1 })
      path = [...outer, nameOf(node)]
    }
    ts.forEachChild(node, (child) => visit(child, path))
  }
  visit(source, [])
  return found
}

/**
 * The production source files under `dir`, recursively (see SKIPPED_FILE / SKIPPED_DIR).
 * @param {string} dir
 * @returns {string[]}
 */
export function listSourceFiles(dir) {
  /** @type {string[]} */
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIR.has(entry.name)) files.push(...listSourceFiles(path))
    } else if (SOURCE.test(entry.name) && !SKIPPED_FILE.test(entry.name)) {
      files.push(path)
    }
  }
  return files
}

/** `packages/<name>/src` and `apps/<name>/src` of the repository, the production code. */
function defaultDirs() {
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name, 'src'))
      .filter((dir) => {
        try {
          return readdirSync(dir).length >= 0
        } catch {
          return false
        }
      }),
  )
}

/**
 * Every function under `dirs`, longest first (ties by file and line, so the order is stable).
 * @param {string[]} dirs absolute folders
 * @returns {FunctionEntry[]}
 */
export function collectFunctions(dirs) {
  return dirs
    .flatMap((dir) => listSourceFiles(dir))
    .flatMap((file) => {
      const name = relative(root, file).split(sep).join('/')
      return measureFunctions(readFileSync(file, 'utf8'), file).map((fn) => ({ file: name, ...fn }))
    })
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line)
}

/**
 * The report's lines, one per function: `lines  file:line  name`.
 * @param {FunctionEntry[]} entries
 * @returns {string[]}
 */
export function formatEntries(entries) {
  return entries.map((fn) => `${String(fn.lines).padStart(5)}  ${fn.file}:${fn.line}  ${fn.name}`)
}

/**
 * @param {string[]} argv the arguments after the script's path
 * @returns {{ max?: number, top?: number, dirs: string[] }}
 */
export function parseArgs(argv) {
  /** @type {{ max?: number, top?: number, dirs: string[] }} */
  const options = { dirs: [] }
  for (const arg of argv) {
    const match = /^--(max|top)=(\d+)$/.exec(arg)
    if (match) options[/** @type {'max' | 'top'} */ (match[1])] = Number(match[2])
    else if (arg.startsWith('--')) throw new Error(`longFunctions: unknown option ${arg} (known: --max=N, --top=N)`)
    else options.dirs.push(resolve(arg))
  }
  return options
}

function main() {
  const options = parseArgs(process.argv.slice(2))
  const entries = collectFunctions(options.dirs.length > 0 ? options.dirs : defaultDirs())
  const shown = options.top === undefined ? entries : entries.slice(0, options.top)
  for (const line of formatEntries(shown)) console.log(line)
  if (options.max === undefined) return
  const over = entries.filter((fn) => fn.lines > options.max)
  if (over.length === 0) {
    console.log(`\nno function over ${options.max} lines (${entries.length} functions)`)
    return
  }
  console.error(`\n${over.length} function(s) over ${options.max} lines:`)
  for (const line of formatEntries(over)) console.error(line)
  process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
