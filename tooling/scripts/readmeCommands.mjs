#!/usr/bin/env node
// The README's commands, run the way a newcomer runs them: in a copy of this
// tree (tracked files and untracked ones git does not ignore, so uncommitted
// work is what is checked) with no build output at all, after `pnpm install`
// from the local store. Each command starts from no dist/ anywhere, so each
// must build what it needs itself — on a fresh clone `pnpm dev`, `pnpm stack`,
// `pnpm preview:prod`, `pnpm run deploy --dry-run` and `pnpm size` all failed
// on a missing build while `pnpm test`, which builds everything first, stayed
// green.
//
//   pnpm dev        until it prints its URL; 127.0.0.1 only; a scripted sign-in
//                   through the simulator's sheet reaches home; its stack takes
//                   --schedule-every-ms (the purge runs); Ctrl-C exits 0, no ELIFECYCLE
//   pnpm stack      until ready; Ctrl-C exits 0
//   pnpm preview:prod  until its URL answers 200; Ctrl-C exits 0
//   pnpm run deploy --project … --dry-run  refuses, naming the missing production
//                   variables (not a resolve error)
//   pnpm --filter @worldmap/simulator dev  the simulator's demo page answers 200; Ctrl-C exits 0
//   pnpm size       every budget measured and met
//
// The copy's builds go through turbo with the source tree's cache (the test
// command's build step has just filled it), so a command that builds what it
// needs restores it in seconds, and one that does not fails as on a fresh
// clone; `--fresh-cache` builds everything from nothing instead (a minute or
// more per command). The ports are the dev and preview ports shifted by
// --offset (default 20000), so a `pnpm dev` or `pnpm preview:prod` running on
// this machine is left alone; a taken port is reported by name.
//
//   node tooling/scripts/readmeCommands.mjs [--json] [--offset N] [--source DIR] [--fresh-cache] [--keep]
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createConnection } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { signalTree } from '../stack/processTree.mjs'
import { isPortFree, PORTS } from '../stack/startStack.mjs'
import { signInOnDevApp } from './devSignIn.mjs'
import { parseFlags } from './parseFlags.mjs'
import { cleanChildEnv, PREVIEW_PORTS } from './previewProd.mjs'
import { running, signalGroup, startCommand, within } from './readmeCommand.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** How many lines of a failed command's output a failure carries. */
const TAIL_LINES = 15
/** The simulator demo page's port (packages/simulator/scripts/demo.mjs, `PORT`), before the offset. */
const SIMULATOR_DEMO_PORT = 5179

/**
 * @typedef {{ name: string, ok: boolean, seconds: number, detail?: string }} CommandCheck
 * @typedef {{ passed: number, failed: number, checks: CommandCheck[], dir: string }} CommandReport
 */

/**
 * The last `count` non-empty lines of a command's output, indented.
 *
 * @param {string} text
 * @param {number} [count]
 * @example
 * tail('a\nb\n\nc\n', 2) // '    b\n    c'
 */
export function tail(text, count = TAIL_LINES) {
  return stripVTControlCharacters(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(-count)
    .map((line) => `    ${line}`)
    .join('\n')
}

/**
 * Copy what a clone of `source` would hold plus its uncommitted work: the
 * tracked files as they are on disk and the untracked files git does not
 * ignore (so no node_modules, dist or .turbo).
 *
 * @param {string} source  a git work tree
 * @param {string} target  an empty directory
 * @returns {number} files copied
 */
export function copyWorkTree(source, target) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: source,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${source}: ${listed.stderr}`)
  let copied = 0
  for (const path of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const from = join(source, path)
    // Tracked but deleted in the work tree: a clone of the uncommitted state would not have it either.
    if (!existsSync(from) && !isSymlink(from)) continue
    const to = join(target, path)
    mkdirSync(dirname(to), { recursive: true })
    if (isSymlink(from)) symlinkSync(readlinkSync(from), to)
    else copyFileSync(from, to)
    copied += 1
  }
  return copied
}

/** @param {string} path */
function isSymlink(path) {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/**
 * Remove every build output of the copy (each workspace package's dist/ and dist-ssr/, the deploy's bundled
 * checks), so the next command starts as on a fresh clone.
 *
 * @param {string} dir
 */
function removeBuildOutput(dir) {
  for (const group of ['packages', 'apps', 'tooling']) {
    const groupDir = join(dir, group)
    if (!existsSync(groupDir)) continue
    for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      for (const output of ['dist', 'dist-ssr']) rmSync(join(groupDir, entry.name, output), { recursive: true, force: true })
    }
  }
  rmSync(join(dir, 'node_modules/.cache/deploy'), { recursive: true, force: true })
}

/**
 * The turbo cache of `source`'s repository: turbo keeps one per repository,
 * shared by its git worktrees, in the main work tree's `.turbo/cache`.
 *
 * @param {string} source
 * @returns {string | undefined}
 */
function turboCacheOf(source) {
  const common = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: source, encoding: 'utf8' })
  if (common.status !== 0) return undefined
  return join(dirname(common.stdout.trim()), '.turbo/cache')
}

/** The copies being checked now, removed by an interrupted check too. */
const copies = new Set()

/** Whether something accepts TCP connections on `host:port`. @param {string} host @param {number} port */
function accepts(host, port) {
  return new Promise((done) => {
    const socket = createConnection({ host, port })
    socket.setTimeout(2000)
    const settle = (/** @type {boolean} */ open) => {
      socket.destroy()
      done(open)
    }
    socket.once('connect', () => settle(true))
    socket.once('timeout', () => settle(false))
    socket.once('error', () => done(false))
  })
}

/** This machine's first non-loopback IPv4 address, if it has one. */
function outsideAddress() {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address
  }
  return undefined
}

/**
 * Run the README's commands from a copy of `source` with no build output.
 *
 * @param {{ source?: string, offset?: number, freshCache?: boolean, keep?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<CommandReport>}
 * @example
 * const report = await checkReadmeCommands({ log: console.error })
 * report.failed // 0
 */
export async function checkReadmeCommands(options = {}) {
  const source = options.source ?? root
  const offset = options.offset ?? 20_000
  const log = options.log ?? (() => {})
  const dir = mkdtempSync(join(tmpdir(), 'worldmap-fresh-'))
  if (!options.keep) copies.add(dir)
  const cache = options.freshCache ? undefined : turboCacheOf(source)
  /** @type {Record<string, string>} */
  const env = Object.fromEntries(
    Object.entries(cleanChildEnv(process.env)).filter(([key]) => !/^(npm_|PNPM_|INIT_CWD$|TURBO_)/i.test(key)),
  )
  if (cache) env.TURBO_CACHE_DIR = cache
  const run = new ReadmeRun({ dir, env, offset, log })
  try {
    const started = Date.now()
    const copied = copyWorkTree(source, dir)
    log(
      `copied ${copied} files of ${source} to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        `${cache ? ` (turbo cache: ${cache})` : ' (no turbo cache: every build from nothing)'}`,
    )
    if (!(await run.install()) || !(await run.portsFree())) return report(run.checks, dir)
    await run.dev()
    await run.stack()
    await run.preview()
    await run.deploy()
    await run.simulatorDemo()
    await run.size()
    return report(run.checks, dir)
  } finally {
    if (!options.keep) rmSync(dir, { recursive: true, force: true })
    copies.delete(dir)
  }
}

/** @param {string} why @param {{ command: string, output: () => string }} run */
const failure = (why, run) => `${run.command}: ${why}; its last output:\n${tail(run.output())}`

/**
 * One run of the README's commands in a fresh copy: where, with which environment and port offset, and the
 * checks recorded so far. Each command runs in a copy with no build output, as a newcomer's first one does.
 */
class ReadmeRun {
  /** @type {CommandCheck[]} */
  checks = []

  /** @param {{ dir: string, env: Record<string, string>, offset: number, log: (line: string) => void }} options */
  constructor({ dir, env, offset, log }) {
    this.dir = dir
    this.env = env
    this.offset = offset
    this.log = log
    // The README's own command lines when the ports are the README's.
    this.shift = offset ? ['--offset', String(offset)] : []
  }

  /** @param {string} name @param {number} started @param {boolean} ok @param {string} [detail] */
  record(name, started, ok, detail) {
    const seconds = (Date.now() - started) / 1000
    this.checks.push({ name, ok, seconds, ...(detail ? { detail } : {}) })
    this.log(`${ok ? '✓' : '×'} ${name} [${seconds.toFixed(1)}s]${detail ? `\n${ok ? `    ${detail}` : detail}` : ''}`)
  }

  /** @param {string[]} args @param {Record<string, string>} [env] */
  start(args, env = this.env) {
    return startCommand(args, { cwd: this.dir, env })
  }

  /**
   * Ctrl-C, as a terminal sends it: exit 0, no pnpm ELIFECYCLE line, and the `ports` free afterwards.
   * @param {string} name @param {ReturnType<typeof startCommand>} run @param {number[]} ports
   */
  async checkCtrlC(name, run, ports) {
    const stopStarted = Date.now()
    if (run.finished()) {
      const { code, signal } = await run.exited
      this.record(name, stopStarted, false, `    ${run.command} had already ended with ${code ?? signal} (see above)`)
      return
    }
    const ended = await run.interrupt(60_000)
    const clean = ended?.code === 0 && !/ELIFECYCLE/.test(run.output())
    const taken = []
    for (const port of ports) if (!(await isPortFree(port))) taken.push(port)
    const why = !ended
      ? 'still running 60 s after SIGINT (killed)'
      : !clean
        ? `ended with ${ended.code ?? ended.signal}${/ELIFECYCLE/.test(run.output()) ? ' and pnpm printed ELIFECYCLE' : ''}`
        : `left ports ${taken.join(', ')} taken`
    this.record(name, stopStarted, clean && taken.length === 0, clean && taken.length === 0 ? undefined : failure(why, run))
  }

  /** `pnpm install --offline --frozen-lockfile`; false when it failed (nothing after it can run). */
  async install() {
    const started = Date.now()
    const install = this.start(['install', '--offline', '--frozen-lockfile'])
    const installed = await within(install.exited, 300_000)
    if (!installed || /** @type {{ code: number | null }} */ (installed).code !== 0) {
      if (!installed) await install.interrupt(5000)
      this.record('pnpm install --offline --frozen-lockfile', started, false, failure('did not install', install))
      return false
    }
    this.record('pnpm install --offline --frozen-lockfile', started, true)
    return true
  }

  /** Every port the commands will listen on is free; false (recorded) when one is taken. */
  async portsFree() {
    const { offset } = this
    const devPorts = Object.entries(PORTS.dev).map(([piece, port]) => [`pnpm dev's ${piece}`, port + offset])
    const previewPorts = Object.entries(PREVIEW_PORTS).map(([piece, port]) => [`pnpm preview:prod's ${piece}`, port + offset])
    const taken = []
    for (const [piece, port] of [...devPorts, ...previewPorts]) {
      if (!(await isPortFree(/** @type {number} */ (port)))) taken.push(`${port} (${piece})`)
    }
    if (!taken.length) return true
    this.record(
      'ports for the commands',
      Date.now(),
      false,
      `    in use: ${taken.join(', ')}. The check runs the commands with --offset ${offset}; ` +
        'another run of this check (a second `pnpm test`?) or something else listens there.',
    )
    return false
  }

  /** pnpm dev: the URL, loopback only, a sign-in, the stack's flag, Ctrl-C. */
  async dev() {
    const { offset } = this
    removeBuildOutput(this.dir)
    const started = Date.now()
    const dev = this.start(['dev', '--', ...this.shift, '--schedule-every-ms', '5000'])
    try {
      const running = await dev.waitFor(/WorldMap is running: (http:\/\/\S+)/, 420_000)
      if (!running?.[1]) {
        this.record('pnpm dev prints its URL', started, false, failure('no "WorldMap is running" line', dev))
      } else {
        await this.checkDevApp(dev, running[1], started)
      }
    } finally {
      await this.checkCtrlC('pnpm dev: Ctrl-C exits 0 and stops everything', dev, [
        PORTS.dev.app + offset,
        PORTS.dev.auth + offset,
      ])
    }
  }

  /**
   * The running `pnpm dev` at `url`: its timing, loopback only, a scripted sign-in, the purge on the stack's flag.
   * @param {ReturnType<typeof startCommand>} dev @param {string} url @param {number} started
   */
  async checkDevApp(dev, url, started) {
    const built = /Built in ([\d.]+) s/.exec(dev.output())?.[1]
    this.record(
      'pnpm dev prints its URL',
      started,
      true,
      `${url} after ${((Date.now() - started) / 1000).toFixed(1)} s (its build: ${built ?? '?'} s)`,
    )
    const appPort = Number(new URL(url).port)
    const outside = outsideAddress()
    const open = outside ? await accepts(outside, appPort) : false
    const network = /Network:/.test(dev.output())
    this.record(
      'pnpm dev listens on 127.0.0.1 only',
      Date.now(),
      !open && !network && new URL(url).hostname === '127.0.0.1',
      open || network ? failure(`${open ? `answers on ${outside}:${appPort}` : 'prints a Network: URL'}`, dev) : undefined,
    )
    const signInStarted = Date.now()
    const signIn = await signInOnDevApp(url, 120_000).catch((error) => ({
      ok: false,
      detail: String(error?.message ?? error),
    }))
    this.record(
      'pnpm dev: a scripted sign-in reaches home',
      signInStarted,
      signIn.ok,
      signIn.ok ? signIn.detail : failure(signIn.detail, dev),
    )
    const scheduled = await dev.waitFor(/scheduler: purgeExpiredData (ran|failed)/, 30_000)
    this.record(
      'pnpm dev -- --schedule-every-ms 5000 runs the purge',
      Date.now(),
      scheduled?.[1] === 'ran',
      scheduled?.[1] === 'ran' ? undefined : failure('the purge did not run within 30 s of the URL', dev),
    )
  }

  /** pnpm stack: ready, then Ctrl-C. */
  async stack() {
    const { shift } = this
    removeBuildOutput(this.dir)
    const started = Date.now()
    const stack = this.start(['stack', ...(shift.length ? ['--', ...shift] : [])])
    try {
      const ready = await stack.waitFor(/Ready in [\d.]+ s/, 300_000)
      this.record('pnpm stack gets ready', started, Boolean(ready), ready ? undefined : failure('no "Ready in" line', stack))
    } finally {
      await this.checkCtrlC('pnpm stack: Ctrl-C exits 0 and stops everything', stack, [PORTS.dev.auth + this.offset])
    }
  }

  /** pnpm preview:prod: its URL answers, then Ctrl-C. */
  async preview() {
    const { shift, offset } = this
    removeBuildOutput(this.dir)
    const started = Date.now()
    const preview = this.start(['preview:prod', ...(shift.length ? ['--', ...shift] : [])])
    try {
      const at = await preview.waitFor(/WorldMap \(production build\) at (http:\/\/\S+?)\/? —/, 420_000)
      const status = at?.[1]
        ? await fetch(`${at[1]}/`).then(
            (response) => response.status,
            () => 0,
          )
        : 0
      this.record(
        'pnpm preview:prod answers on its URL',
        started,
        status === 200,
        status === 200
          ? `${at?.[1]}/ answered 200`
          : failure(at ? `${at[1]}/ answered ${status || 'nothing'}` : 'no URL line', preview),
      )
    } finally {
      await this.checkCtrlC('pnpm preview:prod: Ctrl-C exits 0 and stops everything', preview, [
        PREVIEW_PORTS.hosting + offset,
        PREVIEW_PORTS.functions + offset,
      ])
    }
  }

  /** pnpm run deploy --dry-run: refuses for the configuration, naming what is missing. */
  async deploy() {
    removeBuildOutput(this.dir)
    const started = Date.now()
    const deploy = this.start(['run', 'deploy', '--project', 'worldmap-fresh-check', '--dry-run'])
    const deployed = await within(deploy.exited, 300_000)
    if (!deployed) await deploy.interrupt(10_000)
    const refused =
      /** @type {{ code: number | null } | null} */ (deployed)?.code === 1 &&
      /the configuration is not ready for production/.test(deploy.output()) &&
      /^\s+PUBLIC_ENV__[A-Z_]+ .+\(apps\/miniapp\/\.env\.production\)$/m.test(deploy.output())
    this.record(
      'pnpm run deploy --dry-run refuses, naming the missing variables',
      started,
      refused,
      refused ? undefined : failure('it did not refuse for the configuration', deploy),
    )
  }

  /** pnpm --filter @worldmap/simulator dev: the simulator's demo page, then Ctrl-C. */
  async simulatorDemo() {
    removeBuildOutput(this.dir)
    const started = Date.now()
    const demoPort = SIMULATOR_DEMO_PORT + this.offset
    const demo = this.start(['--filter', '@worldmap/simulator', 'dev'], { ...this.env, PORT: String(demoPort) })
    try {
      const at = await demo.waitFor(/World App simulator demo \(\w+\): (http:\/\/\S+)/, 300_000)
      const status = at?.[1]
        ? await fetch(at[1]).then(
            (response) => response.status,
            () => 0,
          )
        : 0
      this.record(
        "pnpm --filter @worldmap/simulator dev serves the simulator's demo page",
        started,
        status === 200,
        status === 200
          ? `${at?.[1]} answered 200`
          : failure(at ? `${at[1]} answered ${status || 'nothing'}` : 'no URL line', demo),
      )
    } finally {
      await this.checkCtrlC('pnpm --filter @worldmap/simulator dev: Ctrl-C exits 0', demo, [demoPort])
    }
  }

  /** pnpm size: every budget. */
  async size() {
    removeBuildOutput(this.dir)
    const started = Date.now()
    const size = this.start(['size'])
    const sized = await within(size.exited, 300_000)
    if (!sized) await size.interrupt(10_000)
    const met =
      /** @type {{ code: number | null } | null} */ (sized)?.code === 0 && /size: \d+ passed, 0 failed/.test(size.output())
    this.record('pnpm size passes', started, met, met ? undefined : failure('a budget failed or was not measured', size))
  }
}

/** @param {CommandCheck[]} checks @param {string} dir @returns {CommandReport} */
function report(checks, dir) {
  const failed = checks.filter((check) => !check.ok).length
  return { passed: checks.length - failed, failed, checks, dir }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseFlags(process.argv.slice(2), {
    usage: 'node tooling/scripts/readmeCommands.mjs [--json] [--offset N] [--source DIR] [--fresh-cache] [--keep]',
    options: {
      json: { type: 'boolean' },
      offset: { type: 'string' },
      source: { type: 'string' },
      'fresh-cache': { type: 'boolean' },
      keep: { type: 'boolean' },
    },
    check: ({ offset }) =>
      offset === undefined || (/^\d+$/.test(String(offset)) && Number(offset) <= 20_000)
        ? undefined
        : '--offset takes a whole number of ports from 0 to 20000',
  })
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, async () => {
      // As Ctrl-C would stop each of them; what is still running after 30 s is killed.
      const children = [...running]
      for (const child of children) signalGroup(child.pid, 'SIGINT')
      await within(Promise.all(children.map((child) => new Promise((done) => child.once('close', done)))), 30_000)
      for (const child of running) {
        signalTree(child.pid, 'SIGKILL')
        signalGroup(child.pid, 'SIGKILL')
      }
      for (const dir of copies) rmSync(dir, { recursive: true, force: true })
      process.exit(130)
    })
  }
  const result = await checkReadmeCommands({
    source: values.source ? resolve(String(values.source)) : root,
    offset: values.offset === undefined ? undefined : Number(values.offset),
    freshCache: values['fresh-cache'] === true,
    keep: values.keep === true,
    log: (line) => process.stderr.write(`${line}\n`),
  })
  const summary = `README commands: ${result.passed} passed, ${result.failed} failed${values.keep ? ` (kept: ${result.dir})` : ''}\n`
  if (values.json) {
    process.stderr.write(summary)
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  } else process.stdout.write(summary)
  process.exitCode = result.failed ? 1 : 0
}
