import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { graphOf } from '../../../tooling/scripts/importGraph.mjs'

// The layers of src/, lowest first. A module may import its own layer or a
// lower one, never a higher one, so the ground can be read (and bundled)
// without the machinery above it, and a layer can be changed without the ones
// below noticing.
const LAYERS = ['ground', 'transport/dispatch', 'support', 'commands', 'install/facade', 'exports'] as const
type Layer = (typeof LAYERS)[number]

// Most specific first: a file entry wins over its folder.
const RANKS: ReadonlyArray<[path: string, layer: Layer]> = [
  // The username lookups read the SDK state (its config), so they sit above it.
  ['utils/getUserByAddress.ts', 'support'],
  ['utils/getUserByAddressLazy.ts', 'support'],
  ['utils/getUserByUsername.ts', 'support'],
  ['utils/getUserByUsernameLazy.ts', 'support'],
  // The launch location reads the install state; the mini-app links check input.
  ['utils/launchLocation.ts', 'support'],
  ['utils/miniAppLinks.ts', 'support'],
  // The 2.x result and fallback types: types only, which errors name.
  ['v2/CommandResult.ts', 'ground'],
  // Tables, types, schemas, errors and pure helpers (hashing, encodings).
  ['protocol/', 'ground'],
  ['errors/', 'ground'],
  ['schemas/', 'ground'],
  ['siwe/', 'ground'],
  ['wire/', 'ground'],
  ['utils/', 'ground'],
  ['types.ts', 'ground'],
  // Getting a message to the host and its reply back (the bridge is the
  // host-less transport for World ID).
  ['transport/', 'transport/dispatch'],
  ['events/', 'transport/dispatch'],
  ['state.ts', 'transport/dispatch'],
  ['bridge/', 'transport/dispatch'],
  // Orchestration every command shares: input checks, availability, sending.
  ['commandPipeline/', 'support'],
  // Microphone streams reported to the host: wired by install, over transport and events.
  ['microphone/', 'support'],
  ['commands/', 'commands'],
  // Framework-free helpers over commands (@worldmap/minikit/transactions).
  ['stores/', 'commands'],
  ['transactions/', 'commands'],
  ['install.ts', 'install/facade'],
  ['installOnce.ts', 'install/facade'],
  ['availability.ts', 'install/facade'],
  ['facade.ts', 'install/facade'],
  // The faces MiniKit hands out (1.x commands and commandsAsync, the 2.x statics), over the 2.x functions.
  ['commandFaces.ts', 'install/facade'],
  // Official 1.11's create<Command>Command factories hand back the facade's commands.
  ['commandFactories.ts', 'install/facade'],
  // The 2.x API: adapters over the commands, which MiniKit's statics expose
  // (and the provider, which reads the install state).
  ['v2/', 'install/facade'],
  ['exports/', 'exports'],
]

const src = dirname(fileURLToPath(import.meta.url))
const isSource = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts') && !name.endsWith('.bench.ts')

/** Every library module under src/, as a path relative to it. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return isSource(entry.name) ? [relative(src, path).split('\\').join('/')] : []
  })
}

const layerOf = (file: string): Layer | undefined =>
  RANKS.find(([path]) => (path.endsWith('/') ? file.startsWith(path) : file === path))?.[1]
const rankOf = (file: string) => LAYERS.indexOf(layerOf(file) as Layer)

/** Static, dynamic and type-position (`import('…').T`) relative imports of a module, as src-relative paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true)
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) =>
      relative(src, resolve(src, dirname(file), name.replace(/\.js$/, '.ts')))
        .split('\\')
        .join('/'),
    )
}

interface Edge {
  from: string
  to: string
}

/** The imports of `edges` that run up a layer, with both layers named. */
const upward = (edges: Edge[]): string[] =>
  edges
    .filter(({ from, to }) => rankOf(to) > rankOf(from))
    .map(({ from, to }) => `${from} (${layerOf(from)}) → ${to} (${layerOf(to)})`)

const files = sourceFiles()
const edges: Edge[] = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })))

describe('layering of packages/minikit/src', () => {
  test('default: every module belongs to a layer', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files.filter((file) => layerOf(file) === undefined)).toStrictEqual([])
  })

  test('behavior: every relative import resolves to a module of src/', () => {
    const sources = new Set(files)
    expect(edges.filter(({ to }) => !sources.has(to))).toStrictEqual([])
  })

  test('behavior: no import runs up a layer', () => {
    expect(upward(edges)).toStrictEqual([])
  })

  test('behavior: the ground imports nothing above it', () => {
    const ground = edges.filter(({ from }) => layerOf(from) === 'ground')
    expect(ground.length).toBeGreaterThan(0)
    expect(ground.filter(({ to }) => layerOf(to) !== 'ground')).toStrictEqual([])
  })

  test('behavior: bridge/ imports no command module', () => {
    const bridge = edges.filter(({ from }) => from.startsWith('bridge/'))
    expect(bridge.length).toBeGreaterThan(0)
    expect(bridge.filter(({ to }) => to.startsWith('commands/'))).toStrictEqual([])
  })

  test('behavior: the protocol table imports nothing at all', () => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(src, 'protocol/protocol.ts'), 'utf8'), true, true)
    expect(importedFiles).toStrictEqual([])
  })

  test('error: an upward import is listed with both layers, a downward one is not', () => {
    const made = [
      { from: 'commandPipeline/runCommand.ts', to: 'commands/pay.ts' },
      { from: 'bridge/buildBridgeRequestPayload.ts', to: 'commands/verify.ts' },
      { from: 'commands/pay.ts', to: 'commandPipeline/runCommand.ts' },
    ]
    expect(upward(made)).toStrictEqual([
      'commandPipeline/runCommand.ts (support) → commands/pay.ts (commands)',
      'bridge/buildBridgeRequestPayload.ts (transport/dispatch) → commands/verify.ts (commands)',
    ])
  })

  // The layers above are ours; a reader draws the folders (rooms) and their arrows. The same
  // graph as `node tooling/scripts/importGraph.mjs`: a relative import inside the ground (protocol/ →
  // utils/ while utils/ → protocol/) is no layer violation, but it is a loop between rooms.
  test('behavior: no arrow between folders runs back up, and no two modules import each other', () => {
    const report = graphOf(
      'packages/minikit/src',
      Object.fromEntries(files.map((file) => [file, readFileSync(join(src, file), 'utf8')])),
    )
    expect(report.rooms.length).toBeGreaterThan(15)
    expect(report.backUp).toStrictEqual([])
    expect(report.circles).toStrictEqual([])
  })
})
