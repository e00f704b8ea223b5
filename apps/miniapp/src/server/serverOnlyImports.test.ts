// The sign-in's server helpers (@worldmap/game/server: node:crypto, Buffer)
// and this folder are the app server's: no module a page loads in the
// browser may reach them. Follows the client's import graph from every page
// file (pages/**/+*.ts(x), except the server entry +server.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const app = fileURLToPath(new URL('../../', import.meta.url))
const serverOnly = [/^@worldmap\/game\/server$/, /^node:/, /^@worldmap\/functions/]

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return pageFiles(path)
    return /^\+(?!server\.)[^.]+\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Relative imports resolved to files; bare ones as written. Type-only imports never reach the bundle. */
function importsOf(file: string): { files: string[]; bare: string[] } {
  const source = readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm),
  ].map((match) => match[1] ?? match[2] ?? '')
  const files: string[] = []
  const bare: string[] = []
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) {
      bare.push(specifier)
      continue
    }
    const base = resolve(dirname(file), specifier).replace(/\.js$/, '')
    const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path))
    if (found) files.push(found)
  }
  return { files, bare }
}

test('default: no module a page loads reaches the server-only code', () => {
  const seen = new Set<string>()
  const offending: string[] = []
  const queue = pageFiles(join(app, 'pages'))
  expect(queue.length).toBeGreaterThan(5)
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const where = relative(app, file)
    if (where.startsWith('src/server/')) offending.push(where)
    const { files, bare } = importsOf(file)
    for (const specifier of bare)
      if (serverOnly.some((pattern) => pattern.test(specifier))) offending.push(`${where} → ${specifier}`)
    queue.push(...files)
  }
  expect(seen.size).toBeGreaterThan(50)
  expect(offending).toEqual([])
})

test('behavior: the app server does import the helpers (the check above would catch it in a page)', () => {
  const server = importsOf(join(app, 'src/server/createServerApp.ts')).bare
  expect(server).toContain('@worldmap/game/server')
})
