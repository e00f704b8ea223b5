// Every error's `Docs:` line names a file in this repository and, after `#`, a heading in it. The error classes
// are found, not listed: every class extending minikit's BaseError exported by any entry point of any package under
// packages/ (the built dist/, which `pnpm test` builds first), so a new error is checked the day it is exported.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import { publishablePackages, root } from './publishable.mjs'

type ErrorClass = new (...args: unknown[]) => Error & { docsPath?: string }

/** Constructor arguments tried in turn: the error classes take codes, messages, options or lists. */
const ARGUMENTS: unknown[][] = [[], ['x'], ['x', 'y'], [{}], ['x', {}], ['x', []], [0, 1, [], undefined]]

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown file's headings (outside code fences). */
function anchorsIn(file: string) {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  return new Set([...text.matchAll(/^#{1,6} +(.+?)\s*$/gm)].map(([, heading]) => anchorOf(heading ?? '')))
}

async function errorClasses() {
  const { BaseError } = (await import(pathToFileURL(join(root, 'packages/minikit/dist/exports/index.js')).href)) as {
    BaseError: ErrorClass
  }
  const found = new Map<ErrorClass, string>()
  for (const pkg of publishablePackages(root, { includePrivate: true })) {
    for (const entry of pkg.entries) {
      const types = join(pkg.dir, entry.types)
      // A global declaration file (the simulator's ./global) fronts a browser script, not a module to import.
      if (!existsSync(types)) throw new Error(`${pkg.name}: ${entry.types} is missing; build first (pnpm run build)`)
      if (/^\s*declare global\b/m.test(readFileSync(types, 'utf8'))) continue
      const exports = (await import(pathToFileURL(join(pkg.dir, entry.js)).href)) as Record<string, unknown>
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'function' && value.prototype instanceof BaseError && !found.has(value as ErrorClass))
          found.set(value as ErrorClass, `${pkg.name}${entry.subpath.slice(1)} ${name}`)
      }
    }
  }
  return found
}

function instanceOf(ErrorClass: ErrorClass) {
  for (const args of ARGUMENTS) {
    try {
      return new ErrorClass(...args)
    } catch {}
  }
  return null
}

describe('the Docs: lines of the errors', () => {
  test('default: each names a file in the repository and a heading in it', { timeout: 60_000 }, async () => {
    const classes = await errorClasses()
    const problems: string[] = []
    let linked = 0
    for (const [ErrorClass, where] of classes) {
      const error = instanceOf(ErrorClass)
      if (!error) {
        problems.push(`${where}: none of the tried constructor arguments build one; add a shape to ARGUMENTS`)
        continue
      }
      const link = /^Docs: (\S+)$/m.exec(error.message)?.[1]
      if (!link) continue
      linked += 1
      const [path = '', anchor] = link.split('#')
      if (!existsSync(join(root, path))) problems.push(`${where}: Docs: ${link} — no file ${path} in the repository`)
      else if (anchor !== undefined && !anchorsIn(join(root, path)).has(anchor))
        problems.push(`${where}: Docs: ${link} — ${path} has no heading with the anchor #${anchor}`)
    }
    expect(problems).toEqual([])
    // The SDK's errors link their README section; if none did, this test would check nothing.
    expect(linked).toBeGreaterThan(30)
  })
})

describe('anchorOf', () => {
  test('default: GitHub anchors — lower case, punctuation dropped, spaces as dashes', () => {
    expect(anchorOf('CommandUnavailableError')).toBe('commandunavailableerror')
    expect(anchorOf('EIP-1193 provider and wagmi (`getWorldAppProvider`, `./wagmi`)')).toBe(
      'eip-1193-provider-and-wagmi-getworldappprovider-wagmi',
    )
  })
})
