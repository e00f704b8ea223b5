import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
// @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
import { collectFunctions, formatEntries, listSourceFiles, measureFunctions, parseArgs } from './longFunctions.mjs'

type FunctionLength = { name: string; line: number; lines: number }

const fixture = `export function outer(a: number) {
  const inner = (b: number) => {
    return a + b
  }
  return inner(1)
}

const table = {
  run() {
    return 1
  },
  later: async function () {
    await Promise.resolve()
  },
}

class Box {
  constructor(readonly value: number) {}
  get double() {
    return this.value * 2
  }
  shout(): string {
    return String(this.value)
  }
}

export default () => {}

type Callback = (x: number) => void
declare function declared(): void
setTimeout(() => {
  table.run()
}, 1)
`

describe('measureFunctions', () => {
  test('default', () => {
    expect(measureFunctions(fixture, 'fixture.ts')).toEqual([
      { name: 'outer', line: 1, lines: 6 },
      { name: 'outer > inner', line: 2, lines: 3 },
      { name: 'run', line: 9, lines: 3 },
      { name: 'later', line: 12, lines: 3 },
      { name: 'constructor', line: 18, lines: 1 },
      { name: 'get double', line: 19, lines: 3 },
      { name: 'shout', line: 22, lines: 3 },
      { name: 'default', line: 27, lines: 1 },
      { name: 'setTimeout(callback)', line: 31, lines: 3 },
    ] satisfies FunctionLength[])
  })

  test('behavior: a .tsx file parses JSX, a component counts as a function', () => {
    const component = 'export function Card() {\n  return (\n    <div>\n      <span>{1}</span>\n    </div>\n  )\n}\n'
    expect(measureFunctions(component, 'Card.tsx')).toEqual([{ name: 'Card', line: 1, lines: 7 }])
  })

  test('behavior: signatures without a body (types, overloads, declarations) are not functions', () => {
    const source =
      'type F = () => void\ninterface I { m(): void }\nexport function f(a: string): void\nexport function f(a: unknown) {}\n'
    expect(measureFunctions(source)).toEqual([{ name: 'f', line: 4, lines: 1 }])
  })
})

describe('listSourceFiles / collectFunctions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'long-functions-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  write('src/long.ts', `export function long() {\n${'  void 0\n'.repeat(10)}}\n`)
  write('src/short.tsx', 'export const Short = () => <b />\n')
  write('src/long.test.ts', `test('x', () => {\n${'  void 0\n'.repeat(50)}})\n`)
  write('src/types.test-d.ts', 'export const t = () => {}\n')
  write('src/run.bench.ts', 'export const b = () => {}\n')
  write('src/test/helper.ts', 'export const h = () => {}\n')
  write('src/e2e/flow.ts', 'export const e = () => {}\n')
  write('src/dist/built.js', 'export const d = () => {}\n')
  write('src/notes.md', '# not code\n')

  test('default: production sources only (no tests, type tests, benchmarks, test/, e2e/, dist)', () => {
    const files = (listSourceFiles(join(dir, 'src')) as string[]).map((file) => file.slice(dir.length + 1)).sort()
    expect(files).toEqual(['src/long.ts', 'src/short.tsx'])
  })

  test('behavior: longest first, one report line per function', () => {
    const entries = collectFunctions([join(dir, 'src')]) as Array<FunctionLength & { file: string }>
    expect(entries.map(({ name, lines }) => ({ name, lines }))).toEqual([
      { name: 'long', lines: 12 },
      { name: 'Short', lines: 1 },
    ])
    expect(formatEntries(entries)[0]).toMatch(/^ {3}12 {2}\S*src\/long\.ts:1 {2}long$/)
  })

  test('behavior: --max=N exits 1 and names what is over; --top=N prints N lines', () => {
    const script = join(import.meta.dirname, 'longFunctions.mjs')
    const top = execFileSync('node', [script, '--top=1', join(dir, 'src')], { encoding: 'utf8' })
    expect(top.trim().split('\n')).toHaveLength(1)
    expect(top).toContain('long')
    expect(execFileSync('node', [script, '--max=12', join(dir, 'src')], { encoding: 'utf8' })).toContain(
      'no function over 12 lines (2 functions)',
    )
    let failure: { status: number; stderr: string } | undefined
    try {
      execFileSync('node', [script, '--max=11', join(dir, 'src')], { encoding: 'utf8', stdio: 'pipe' })
    } catch (error) {
      failure = error as { status: number; stderr: string }
    }
    expect(failure?.status).toBe(1)
    expect(failure?.stderr).toContain('1 function(s) over 11 lines:')
    expect(failure?.stderr).toMatch(/12 {2}\S*long\.ts:1 {2}long/)
    // Three node processes, each loading the TypeScript compiler: seconds on a busy machine.
  }, 60_000)
})

describe('parseArgs', () => {
  test('default', () => {
    expect(parseArgs([])).toEqual({ dirs: [] })
    expect(parseArgs(['--max=80', '--top=15'])).toEqual({ max: 80, top: 15, dirs: [] })
  })

  test('error: an unknown option', () => {
    expect(() => parseArgs(['--maximum=3'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: longFunctions: unknown option --maximum=3 (known: --max=N, --top=N)]`,
    )
  })
})

describe('the repository', () => {
  // Issue 23 point 3 split every closure over a screen into named units: hold the whole repository there.
  test('behavior: no production function over 80 lines in any packages/*/src or apps/*/src', () => {
    const root = join(import.meta.dirname, '../..')
    const dirs = ['packages', 'apps'].flatMap((group) =>
      readdirSync(join(root, group), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'src')))
        .map((entry) => join(root, group, entry.name, 'src')),
    )
    expect(dirs.length).toBeGreaterThanOrEqual(6)
    const over = (collectFunctions(dirs) as Array<FunctionLength & { file: string }>).filter((fn) => fn.lines > 80)
    expect(formatEntries(over)).toEqual([])
  })
})
