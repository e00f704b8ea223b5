// The functions' source as one stack's emulator loads it: the bundle, copied, with its settings.

import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { StackStartError } from './errors.mjs'
import { functionsDir, stackDir } from './project.mjs'

/**
 * Each stack gets its own copy of the bundled functions and its own
 * `.env.local` (the emulator's way to pass settings), so `pnpm dev` and the
 * tests never share secrets or ports. `.stack/node_modules` points at the
 * functions' node_modules, where the emulator looks for the Firebase SDKs.
 *
 * @param {string} name
 * @param {Record<string, string>} env
 */
export function prepareFunctionsSource(name, env) {
  const dist = join(functionsDir, 'dist')
  if (!existsSync(join(dist, 'index.js'))) {
    throw new StackStartError(
      'apps/functions/dist is missing: build first (`pnpm build`, or `pnpm --filter @worldmap/functions build`).',
      { code: 'start_failed', piece: 'functions' },
    )
  }
  mkdirSync(stackDir, { recursive: true })
  const modules = join(stackDir, 'node_modules')
  if (!existsSync(modules)) symlinkSync('../node_modules', modules, 'dir')
  const relativeDir = `functions-${name}`
  const dir = join(stackDir, relativeDir)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const file of ['index.js', 'index.js.map', 'package.json']) copyFileSync(join(dist, file), join(dir, file))
  writeFileSync(
    join(dir, '.env.local'),
    `${Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  )
  return { dir, relativeDir }
}
