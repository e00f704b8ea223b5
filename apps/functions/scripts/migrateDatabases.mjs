#!/usr/bin/env node
// `pnpm db:migrate [-- --run | --clean] [--concurrency N]`: the database table switch's tool
// (src/migration/cli.ts; docs/migration.md). The tool is
// TypeScript beside the functions it shares its moves with; this bundles it with
// esbuild (dependencies left to Node's resolution from apps/functions) and runs it.
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const outdir = join(here, '../node_modules/.cache/worldmap-migrate')
mkdirSync(outdir, { recursive: true })
await build({
  entryPoints: { cli: join(here, '../src/migration/cli.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
})
const { migrateCli } = await import(pathToFileURL(join(outdir, 'cli.mjs')).href)
process.exitCode = await migrateCli(
  process.argv.slice(2).filter((arg) => arg !== '--'),
  process.env,
  (/** @type {string} */ line) => console.log(line),
)
