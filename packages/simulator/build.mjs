#!/usr/bin/env node
// `pnpm --filter @worldmap/simulator build`. Builds into a folder of its own
// and then swaps it in for dist/, so dist/ is never half-written: a `pnpm dev`
// running meanwhile (its Vite server loads the simulator and the app's
// server imports it) never finds a module missing. Building in place
// removed dist/ first, and a request in that window left the dev server's
// module runner holding the failed import: every page answered 500 until a
// restart.
import { spawnSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
// Beside dist/: one filesystem, so the swap is a rename, and the same depth, so the
// source maps' relative paths hold after it. Ignored by git (.gitignore).
const next = join(here, '.dist-next')
const old = join(here, '.dist-old')
const dist = join(here, 'dist')

/**
 * Run a package binary; stop the build on failure, with its status.
 *
 * @param {string} command @param {string[]} args @param {Record<string, string>} [env]
 */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: here, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true })
    process.exit(result.status ?? 1)
  }
}

for (const folder of [next, old]) rmSync(folder, { recursive: true, force: true })
run('tsup', [], { SIMULATOR_OUT_DIR: next })
run('tsc', ['-p', 'tsconfig.build.json', '--outDir', next])
// Two renames: dist/ is absent for the microseconds between them, never while files are written.
if (existsSync(dist)) renameSync(dist, old)
renameSync(next, dist)
rmSync(old, { recursive: true, force: true })
