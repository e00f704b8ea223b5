#!/usr/bin/env node
// What each of the README's commands needs built before it starts, and the one
// way they build it: turbo, so a second run with nothing changed is a cache hit
// of a second or two. On a fresh clone `pnpm dev`, `pnpm stack`, `pnpm
// preview:prod`, `pnpm run deploy` and `pnpm size` each failed on a missing
// dist/ (`apps/functions/dist is missing`, `Could not resolve "@worldmap/…"`),
// because each built a guess of what it needed, or nothing; only `pnpm test`
// worked, since it builds everything. The table below is the one place those
// needs are written, and the fresh-state check of `pnpm test`
// (readmeCommands.mjs) runs every command from a tree with no build output.
//
//   node tooling/scripts/buildFirst.mjs <command>   build what <command> needs (the bench scripts' entry)
import { spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseFlags } from './parseFlags.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Turbo filters of what each command needs built (`pkg...`: the package and
 * everything it depends on; `pkg^...`: only what it depends on).
 */
export const BUILD_NEEDS = Object.freeze({
  // The app's libraries for Vite (the simulator's Vite plugin among them), and the functions bundle the stack serves.
  dev: ['@worldmap/miniapp^...', '@worldmap/functions...'],
  // The functions bundle (apps/functions/dist) the emulator loads.
  stack: ['@worldmap/functions...'],
  // It bundles the app and the functions itself, from the libraries' dist.
  'preview:prod': ['@worldmap/miniapp^...', '@worldmap/functions^...'],
  // Its configuration checks bundle the app's and the functions' sources, which import the libraries' dist;
  // once they pass it builds everything again itself.
  deploy: ['@worldmap/miniapp^...', '@worldmap/functions^...'],
  // The budgets are measured on the SDK's dist.
  size: ['@worldmap/minikit'],
  // A stack, the simulator's Playwright helper, and the app built for that stack by the bench itself.
  'bench:load': ['@worldmap/miniapp^...', '@worldmap/functions...'],
  // A stack and the libraries the load generator imports (the functions' own dependencies).
  'bench:city': ['@worldmap/functions...'],
  // The table switch's tool bundles its own source and imports the libraries' dist.
  'db:migrate': ['@worldmap/functions^...'],
  // The API reports are read from the publishable packages' declaration files.
  'api:update': ['@worldmap/minikit...', '@worldmap/minikit-react...', '@worldmap/simulator...'],
})

/** @typedef {keyof typeof BUILD_NEEDS} BuildCommand */

/** The build before a command failed; turbo's output above says why. */
export class BuildFirstError extends Error {
  /** @override */
  name = 'BuildFirstError'
}

/**
 * The turbo command line that builds what `command` needs.
 *
 * @param {BuildCommand} command
 * @returns {string[]} arguments after `pnpm`
 * @example
 * buildArgs('stack') // ['exec', 'turbo', 'run', 'build', '--filter=@worldmap/functions...', '--output-logs=errors-only']
 */
export function buildArgs(command) {
  const filters = BUILD_NEEDS[command]
  if (!filters) throw new BuildFirstError(`no build needs are known for ${JSON.stringify(command)}`)
  return ['exec', 'turbo', 'run', 'build', ...filters.map((filter) => `--filter=${filter}`), '--output-logs=errors-only']
}

/**
 * Build what `command` needs through turbo (a cache hit when nothing changed),
 * turbo's own output shown. Resolves the seconds it took.
 *
 * @param {BuildCommand} command
 * @param {{ log?: (line: string) => void, cwd?: string }} [options]
 * @returns {Promise<number>}
 * @throws {BuildFirstError} when the build fails
 * @example
 * await buildFirst('dev', { log: console.log }) // "Building what pnpm dev needs (turbo; cached when nothing changed)…"
 */
export async function buildFirst(command, { log = console.log, cwd = root } = {}) {
  const args = buildArgs(command)
  log(`Building what pnpm ${command} needs (turbo; cached when nothing changed)…`)
  const started = Date.now()
  const code = await new Promise((done) => {
    const child = spawn('pnpm', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('close', (exitCode, signal) => done(exitCode ?? (signal ? 128 : 1)))
    child.on('error', () => done(127))
  })
  if (code !== 0) throw new BuildFirstError(`The build for pnpm ${command} failed (turbo exited with ${code}); see above.`)
  const seconds = (Date.now() - started) / 1000
  log(`Built in ${seconds.toFixed(1)} s.`)
  return seconds
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = parseFlags(process.argv.slice(2), {
    usage: `node tooling/scripts/buildFirst.mjs <${Object.keys(BUILD_NEEDS).join('|')}>`,
    allowPositionals: true,
    check: (_values, given) =>
      given.length === 1 && given[0] && given[0] in BUILD_NEEDS ? undefined : 'expected one command the table knows',
  })
  try {
    await buildFirst(/** @type {BuildCommand} */ (positionals[0]))
  } catch (error) {
    console.error(error instanceof BuildFirstError ? error.message : error)
    process.exit(1)
  }
}
