// The drop-in promise for 2.x, measured: every runtime name of official
// @worldcoin/minikit-js 2.0.3 on the subpaths a migrating team imports
// (`.`, `./commands`, `./siwe`, `./address-book`, `./wagmi`, `./wagmi-fallback`) exists on ours, and so does
// every static of its MiniKit. Each test prints the names we lack.
import { beforeAll, expect, test } from 'vitest'
import { importOfficial203 } from '../../test/official203.js'
import * as addressBook from './addressBook.js'
import * as commands from './commands.js'
import * as root from './index.js'
import * as siwe from './siwe.js'
import * as wagmi from './wagmi.js'
import * as wagmiFallback from './wagmiFallback.js'

// biome-ignore lint/suspicious/noExplicitAny: the official modules are compared at runtime.
const official: Record<string, Record<string, any>> = {}
beforeAll(async () => {
  for (const subpath of ['', 'commands', 'siwe', 'address-book', 'wagmi', 'wagmi-fallback'])
    official[subpath] = await importOfficial203(subpath)
})

const missingFrom = (ours: object, names: string[]) => names.filter((name) => !(name in ours)).sort()

test.each([
  ['.', '', root, 2],
  ['./commands', 'commands', commands, 62],
  ['./siwe', 'siwe', siwe, 2],
  ['./address-book', 'address-book', addressBook, 1],
  ['./wagmi', 'wagmi', wagmi, 1],
  ['./wagmi-fallback', 'wagmi-fallback', wagmiFallback, 1],
] as const)('behavior: every runtime name of official 2.0.3 %s is on ours', (label, subpath, ours, count) => {
  const names = Object.keys(official[subpath] ?? {})
  expect(names.length).toBe(count)
  const missing = missingFrom(ours, names)
  expect(missing, `missing from @worldmap/minikit${label.slice(1)}: ${missing.join(', ')}`).toStrictEqual([])
})

test('behavior: every static of the official 2.0.3 MiniKit is on ours', () => {
  const { MiniKit } = official[''] ?? {}
  const names = Object.getOwnPropertyNames(MiniKit).filter((name) => !['length', 'name', 'prototype'].includes(name))
  // Private statics (`_appId`, `_user` …) are the class's own state, not API.
  const missing = missingFrom(
    root.MiniKit,
    names.filter((name) => !name.startsWith('_')),
  )
  expect(missing, `missing from MiniKit: ${missing.join(', ')}`).toStrictEqual([])
})

test('behavior: the enums and tables of official 2.0.3 ./commands have the official entries', () => {
  const theirs = official.commands ?? {}
  const data = Object.keys(theirs).filter((name) => typeof theirs[name] === 'object' && name in commands)
  const differ: string[] = []
  for (const name of data) {
    const ours = { ...((commands as Record<string, unknown>)[name] as object) }
    try {
      expect(ours).toMatchObject({ ...theirs[name] })
    } catch {
      differ.push(name)
    }
  }
  expect(differ.sort()).toStrictEqual([])
  // The versions the 2.x API sends, exactly (the root's are the 1.x calls').
  expect({ ...commands.COMMAND_VERSIONS }).toStrictEqual({ ...theirs.COMMAND_VERSIONS })
})
