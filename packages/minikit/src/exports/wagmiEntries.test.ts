// The ./wagmi and ./wagmi-fallback entries: their export lists (the official
// names plus our typed errors), and that importing them loads no wagmi code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import * as wagmi from './wagmi.js'
import * as wagmiFallback from './wagmiFallback.js'

test('default: wagmi entry export list (official: worldApp)', () => {
  expect(Object.keys(wagmi).sort()).toStrictEqual(['worldApp'])
})

test('default: wagmi-fallback entry export list (official: registerWagmiFallback)', () => {
  expect(Object.keys(wagmiFallback).sort()).toStrictEqual([
    'PartialExecutionError',
    'WagmiFallbackError',
    'registerWagmiFallback',
  ])
})

test('behavior: the wagmi fallback imports wagmi only with import(), never statically', () => {
  const source = readFileSync(join(import.meta.dirname, '../v2/wallet/wagmiFallback.ts'), 'utf8')
  const staticImports = source.match(/^import (?!type\b).*from '.*wagmi.*'$/gm) ?? []
  expect(staticImports).toStrictEqual([])
  expect(source).toContain("import('wagmi/actions')")
})
