import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { expect, test } from 'vitest'
import * as commands from './commands.js'

/** The source files a bundle of `entry` loads at start (static imports only; `import()` is lazy by design). */
async function loadedAtStart(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: '/tmp/minikit-commands-entry',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs: Metafile['outputs'] = metafile.outputs
  const start = Object.keys(outputs).find((path) => outputs[path]?.entryPoint !== undefined)
  const seen = new Set<string>()
  const visit = (path: string | undefined) => {
    if (!path || seen.has(path)) return
    seen.add(path)
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(start)
  return [...seen].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
}

test('behavior: the commands entry loads neither viem nor wagmi at start', async () => {
  const sources = await loadedAtStart(join(import.meta.dirname, 'commands.ts'))
  // Dependencies are followed (zod is one), so a viem import would show.
  expect(sources.some((source) => source.endsWith('v2/pay.ts'))).toBe(true)
  expect(sources.some((source) => /node_modules\/.*zod/.test(source))).toBe(true)
  expect(sources.filter((source) => /node_modules\/(\.pnpm\/)?(viem|wagmi|@wagmi)/.test(source))).toStrictEqual([])
}, 30_000)

test('behavior: getContacts is the official alias of shareContacts', () => {
  expect(commands.getContacts).toBe(commands.shareContacts)
})
