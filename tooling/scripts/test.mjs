#!/usr/bin/env node
// The repository's single test command (`pnpm test`).
//
// Runs a list of "test projects" in order. Each step reports how many checks
// passed and failed; the counts are summed and the very last line printed is
// `N passed, N failed`, also written to .test-results/summary.txt. Exit code 1
// when anything failed. Non-interactive: works with CI=true and no stdin.
//
// To add a project (Firebase emulators, Playwright + Chromium, …) append an
// entry to `steps`: `run` resolves to { passed, failed, skipped?, note? }.
// Use `critical: true` when later steps cannot run without it (like build).
// Services a step needs should be started and stopped inside its own `run`
// (try/finally), so a failing step never leaves processes behind.
// `duringBrowserTests: true` steps (static checks that read the build and
// write nothing it uses) start once vitest reaches the browser tests, which
// leave a core mostly idle, instead of after it; their output is held back
// and printed in order, so the log reads as if they ran after vitest. They run one
// after another, except an `alongside: true` step, which starts with the first of them.

import { AsyncLocalStorage } from 'node:async_hooks'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { startStack } from '../stack/startStack.mjs'
import { heldOutputFile, heldOutputShown } from './heldOutput.mjs'
import { parseFlags } from './parseFlags.mjs'
import { publishablePackages } from './publishable.mjs'
import { interruptVitest, runVitest } from './vitestStep.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const resultsDir = join(root, '.test-results')

/**
 * What a step reports: its checks passed, failed and skipped, a note, and (vitest) each failure as a line.
 *
 * @typedef {{ passed: number, failed: number, skipped?: number, note?: string | undefined, failures?: string[] }} StepResult
 */

/**
 * @typedef {{ name: string, run: () => Promise<StepResult>, critical?: boolean, duringBrowserTests?: boolean,
 *   alongside?: boolean }} Step
 */

/** @type {Step[]} */
const steps = [
  { name: 'build', critical: true, run: build },
  { name: 'vitest (unit, property, type tests + coverage)', run: vitest },
  { name: 'size budgets', run: size, duringBrowserTests: true },
  { name: 'package lint (publint, attw)', run: packageLint, duringBrowserTests: true },
  {
    name: 'biome',
    run: async () => ((await exec('pnpm', ['run', 'lint'])).code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }),
    duringBrowserTests: true,
  },
  // Vite, esbuild and vitest strip types without checking them: strict TypeScript
  // is only enforced if tsc runs. One check per workspace package.
  { name: 'typecheck (tsc --noEmit)', run: typecheck, duringBrowserTests: true },
  // The README's commands from a copy of this tree with no build output, as a newcomer runs them
  // (tooling/scripts/readmeCommands.mjs): everything above runs on a tree that is already built.
  // Alongside the steps above rather than after them: it mostly waits (emulators starting, a sign-in's
  // round trips) while they mostly compute, so together they fill the core the browser tests leave.
  { name: 'README commands from a fresh tree', run: readmeCommands, duringBrowserTests: true, alongside: true },
]

/** Resolved once vitest reports its first browser test file (see {@link watchForBrowserTests}). */
/** @type {(value?: unknown) => void} */
let browserTestsStarted = () => {}

/**
 * Watch vitest's output for the first result line of a browser project: from
 * there on vitest runs one browser test file at a time and a core is mostly
 * idle. Lines can arrive split across chunks, so the tail is kept.
 */
function watchForBrowserTests() {
  let tail = ''
  return (/** @type {Buffer | string} */ chunk) => {
    tail = (tail + stripVTControlCharacters(String(chunk))).slice(-4096)
    if (/[✓×] +miniapp-(app-)?e2e /.test(tail)) browserTestsStarted()
  }
}

// ---------------------------------------------------------------------------
// Steps

/** Build every workspace package (turbo, dependency order). One check. */
async function build() {
  const { code } = await exec('pnpm', ['run', 'build'])
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `build exited with ${code}` }
}

/**
 * One vitest run over all projects (root vitest.config.ts), with coverage.
 * Counts come from the JSON report. Failures the report does not count —
 * coverage thresholds, unhandled errors (including type errors found by the
 * typecheck pass), files that fail to load — are added on top so they can
 * never pass silently.
 */
async function vitest() {
  const report = join(resultsDir, 'vitest.json')
  rmSync(report, { force: true })
  // One local backend for every project that needs it (emulator and browser
  // tests); they find it through WORLDMAP_STACK instead of starting their own.
  let stack
  try {
    const started = Date.now()
    stack = activeStack = await startStack({ name: 'test', log: (line) => console.log(`  stack: ${line}`) })
    console.log(`  stack: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } catch (error) {
    return { passed: 0, failed: 1, note: `local stack did not start: ${/** @type {Error} */ (error).message}` }
  }
  try {
    return await runVitest({ root, resultsDir, report, env: stack.env, exec, onData: watchForBrowserTests() })
  } finally {
    activeStack = null
    await stack.stop()
  }
}

/** The emulators run in their own process group: an interrupted run must still stop them. */
/** @type {import('../stack/startStack.mjs').Stack | null} */
let activeStack = null
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    interruptVitest(signal)
    await activeStack?.stop()
    process.exit(130)
  })
}

/** `pnpm run typecheck` (turbo: tsc --noEmit in every package); one check per package task. */
async function typecheck() {
  // `--only`: the build step has run; without it turbo replays the packages' builds, rewriting the dist
  // files the browser tests are reading at that moment. One tsc at a time: seven at once starved the README's `pnpm dev`.
  const { code, output } = await exec('pnpm', ['run', 'typecheck', '--only', '--concurrency=1'], { capture: true })
  const text = stripVTControlCharacters(output)
  const total = Number(/Tasks:\s+\d+ successful, (\d+) total/.exec(text)?.[1] ?? 0)
  const successful = Number(/Tasks:\s+(\d+) successful/.exec(text)?.[1] ?? 0)
  if (code === 0 && total > 0) return { passed: successful, failed: 0 }
  return { passed: successful, failed: Math.max(1, total - successful), note: `typecheck exited with ${code}` }
}

/** tooling/scripts/size.mjs; each budget is one check. */
async function size() {
  const { code, output } = await exec(process.execPath, [join(root, 'tooling/scripts/size.mjs'), '--json'], {
    capture: 'stdout',
    echo: false,
  })
  try {
    const json = JSON.parse(output)
    return { passed: json.passed, failed: json.failed, skipped: json.skipped }
  } catch {
    return { passed: 0, failed: 1, note: `size.mjs exited with ${code} without a JSON report` }
  }
}

/**
 * tooling/scripts/readmeCommands.mjs: `pnpm dev` (with a sign-in), `pnpm stack`, `pnpm preview:prod`,
 * `pnpm run deploy --dry-run` and `pnpm size` in a copy with no build output, on ports shifted by 20000
 * (a developer's `pnpm dev` may be running). Each of its checks is one check here; a failure names the
 * command and ends with its last output lines.
 */
async function readmeCommands() {
  const { code, output } = await exec(process.execPath, [join(root, 'tooling/scripts/readmeCommands.mjs'), '--json'], {
    capture: 'stdout',
    echo: false,
  })
  try {
    /** @type {{ passed: number, failed: number, checks: Array<{ name: string, ok: boolean, detail: string, seconds: number }> }} */
    const json = JSON.parse(output)
    const failures = json.checks.filter((check) => !check.ok).map((check) => `README command: ${check.name}: ${check.detail}`)
    const timing = json.checks
      .filter((check) => check.ok && check.name.startsWith('pnpm dev prints'))
      .map((check) => `pnpm dev to its URL in ${check.seconds.toFixed(0)} s`)
    return { passed: json.passed, failed: json.failed, failures, note: timing.join('; ') || undefined }
  } catch {
    return { passed: 0, failed: 1, note: `readmeCommands.mjs exited with ${code} without a JSON report` }
  }
}

/**
 * publint and attw on the tarball `pnpm pack` makes of every publishable
 * package (no "private": true) under packages/, tooling/scripts/publishable.mjs — exactly what npm would get,
 * with workspace: ranges rewritten. Each tool run is one check. (Installing the tarballs and importing them is
 * tooling/scripts/packInstall.test.ts, in the vitest step.)
 */
async function packageLint() {
  let passed = 0
  let failed = 0
  const notes = []
  for (const pkg of publishablePackages()) {
    const { dir } = pkg
    const packDir = mkdtempSync(join(tmpdir(), 'pack-'))
    try {
      const packed = await exec('pnpm', ['pack', '--pack-destination', packDir], { cwd: dir })
      const tarball = readdirSync(packDir).find((f) => f.endsWith('.tgz'))
      if (packed.code !== 0 || !tarball) {
        failed += 2
        notes.push(`${pkg.name}: pnpm pack failed`)
        continue
      }
      const file = join(packDir, tarball)
      /** @type {Array<[string, string[]]>} */
      const tools = [
        ['publint', ['exec', 'publint', 'run', file, '--strict']],
        // ESM-only packages: the esm-only profile ignores node10 and require() resolution.
        ['attw', ['exec', 'attw', file, '--profile', 'esm-only']],
      ]
      for (const [tool, args] of tools) {
        const { code } = await exec('pnpm', args)
        if (code === 0) passed += 1
        else {
          failed += 1
          notes.push(`${pkg.name}: ${tool} failed`)
        }
      }
    } finally {
      rmSync(packDir, { recursive: true, force: true })
    }
  }
  if (passed + failed === 0) notes.push('no publishable packages')
  return { passed, failed, note: notes.join('; ') || undefined }
}

// ---------------------------------------------------------------------------
// Runner

/**
 * A held-back step's output goes to `.test-results/<step>.log`; the log shows what {@link heldOutputShown} picks.
 *
 * @param {Step} step
 * @param {StepResult} result
 * @param {Array<Buffer | string>} output
 */
function showHeldOutput(step, result, output) {
  const file = join(resultsDir, heldOutputFile(step.name))
  const text = output.map(String).join('')
  writeFileSync(file, text)
  process.stdout.write(heldOutputShown(text, result, relative(root, file)))
}

/** Where a held-back step's output goes (an array of chunks) instead of the terminal. */
const heldOutput = new AsyncLocalStorage()

/**
 * Run a command from the repo root with no stdin. Output is echoed live (or
 * held back, inside a step run with {@link heldOutput}); `capture` also
 * collects it (true: stdout + stderr, 'stdout': stdout only); `onData` sees
 * every chunk. `detached` starts it as the leader of a process group of its own (which the vitest step stops
 * whole), and `onSpawn` gets its pid.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, capture?: boolean | 'stdout', echo?: boolean, env?: Record<string, string>,
 *   onData?: (chunk: Buffer) => void, detached?: boolean, onSpawn?: (pid: number) => void }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function exec(command, args, { cwd = root, capture = false, echo = true, env, onData, detached = false, onSpawn } = {}) {
  const held = heldOutput.getStore()
  // Held-back steps run beside the browser tests: at low priority, so they take only what the browser tests leave idle.
  const [file, argv] = held && process.platform !== 'win32' ? ['nice', ['-n', '15', command, ...args]] : [command, args]
  return new Promise((done) => {
    const child = spawn(file, argv, {
      cwd,
      env: env ? { ...process.env, ...env } : process.env,
      stdio: ['ignore', capture || held ? 'pipe' : 'inherit', capture === true || held ? 'pipe' : 'inherit'],
      detached,
    })
    if (child.pid !== undefined) onSpawn?.(child.pid)
    let output = ''
    /** @param {import('node:stream').Readable | null} stream @param {NodeJS.WriteStream} target @param {boolean} captured */
    const collect = (stream, target, captured) =>
      stream?.on('data', (/** @type {Buffer} */ chunk) => {
        if (captured) output += chunk
        onData?.(chunk)
        // `echo: false` hides what is captured; a stream piped only to be held back is shown.
        if (captured && !echo) return
        if (held) held.push(chunk)
        else target.write(chunk)
      })
    collect(child.stdout, process.stdout, Boolean(capture))
    collect(child.stderr, process.stderr, capture === true)
    child.on('error', (error) => {
      process.stderr.write(`failed to start ${command}: ${error.message}\n`)
      done({ code: 127, output })
    })
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 1), output }))
  })
}

async function main() {
  mkdirSync(resultsDir, { recursive: true })
  const summaryFile = join(resultsDir, 'summary.txt')
  rmSync(summaryFile, { force: true })

  /** @type {Array<StepResult & { name: string, seconds?: number }>} */
  const results = []
  /** @type {string | null} */
  let aborted = null
  // The duringBrowserTests steps, started while vitest runs: step → its run with held output.
  /** @type {Map<Step, Promise<{ result: StepResult & { name: string }, output: Array<Buffer | string> }>>} */
  const early = new Map()
  for (const step of steps) {
    if (aborted) {
      results.push({ name: step.name, passed: 0, failed: 0, note: `not run: ${aborted} failed` })
      continue
    }
    const held = early.get(step)
    if (held) {
      const { result, output } = await held
      process.stdout.write(`\n=== ${step.name} (ran during the browser tests) ===\n`)
      showHeldOutput(step, result, output)
      results.push(result)
      process.stdout.write(`--- ${step.name}: ${line(result)}\n`)
      continue
    }
    process.stdout.write(`\n=== ${step.name} ===\n`)
    let result
    if (step.run === vitest) {
      const vitestRun = runStep(step)
      const browserPhase = new Promise((resolve) => {
        browserTestsStarted = resolve
      })
      // One after another, from the first browser test file (or from vitest's end if none shows).
      const start = Promise.race([browserPhase, vitestRun])
      let previous = start
      for (const later of steps.filter((candidate) => candidate.duringBrowserTests)) {
        /** @type {Array<Buffer | string>} */
        const output = []
        const after = later.alongside ? start : previous
        const run = after.then(() => heldOutput.run(output, () => runStep(later))).then((result) => ({ result, output }))
        early.set(later, run)
        if (!later.alongside) previous = run
      }
      result = await vitestRun
    } else {
      result = await runStep(step)
    }
    results.push(result)
    process.stdout.write(`--- ${step.name}: ${line(result)}\n`)
    // Said here as well as in the summary: a log cut to a window near its end still names them.
    for (const failure of (result.failures ?? []).slice(0, 20)) process.stdout.write(`  failed: ${failure}\n`)
    if (step.critical && result.failed > 0) aborted = step.name
  }

  const passed = results.reduce((n, r) => n + (r.passed ?? 0), 0)
  const failed = results.reduce((n, r) => n + (r.failed ?? 0), 0)
  const summary = `${passed} passed, ${failed} failed`

  // The failures come before the summary's table, not after it: a page that shows the log's end without its
  // last lines still names them.
  const failures = results.flatMap((r) => r.failures ?? [])
  if (failures.length) {
    process.stdout.write(`\n=== failed ===\n`)
    for (const failure of failures.slice(0, 40)) process.stdout.write(`  ${failure}\n`)
    if (failures.length > 40) process.stdout.write(`  … and ${failures.length - 40} more (.test-results/vitest.json)\n`)
  }
  process.stdout.write('\n=== summary ===\n')
  const width = Math.max(...results.map((r) => r.name.length))
  for (const r of results) process.stdout.write(`${r.name.padEnd(width)}  ${line(r)}\n`)
  writeFileSync(join(resultsDir, 'steps.json'), `${JSON.stringify(results, null, 2)}\n`)
  writeFileSync(summaryFile, `${summary}\n`)
  process.stdout.write(`${summary}\n`)
  process.exitCode = failed > 0 ? 1 : 0
}

/**
 * Run one step: its result with its name and time, a crash counted as one failure.
 *
 * @param {Step} step
 */
async function runStep(step) {
  const started = Date.now()
  /** @type {StepResult} */
  let result
  try {
    result = await step.run()
  } catch (error) {
    const failure = /** @type {Error | undefined} */ (error)
    const text = `${failure?.stack ?? error}\n`
    const held = heldOutput.getStore()
    if (held) held.push(text)
    else process.stderr.write(text)
    result = { passed: 0, failed: 1, note: `crashed: ${failure?.message ?? error}` }
  }
  return { name: step.name, seconds: (Date.now() - started) / 1000, ...result }
}

/** @param {StepResult & { seconds?: number }} r */
function line(r) {
  const skipped = r.skipped ? `, ${r.skipped} skipped` : ''
  const note = r.note ? ` (${r.note})` : ''
  const time = r.seconds != null ? ` [${r.seconds.toFixed(1)}s]` : ''
  return `${r.passed} passed, ${r.failed} failed${skipped}${note}${time}`
}

// No flags: before this check `pnpm test -- --bogus` ran the whole suite anyway.
parseFlags(process.argv.slice(2), { usage: 'pnpm test (no flags: it runs every project)' })
await main()
