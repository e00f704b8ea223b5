// The vitest step of `pnpm test` (tooling/scripts/test.mjs): one vitest run over every project with coverage, its
// counts read from the JSON report, and a watchdog (tooling/scripts/testWatchdog.mjs) that stops a run that hangs
// and says where it was, instead of leaving CI to stop it at its time limit with nothing said.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { readProgress, watchVitest } from './testWatchdog.mjs'

/**
 * @typedef {import('./test.mjs').StepResult} StepResult
 * @typedef {(command: string, args: string[], options?: { capture?: boolean, env?: Record<string, string>,
 *   onData?: (chunk: Buffer) => void, detached?: boolean, onSpawn?: (pid: number) => void }) =>
 *   Promise<{ code: number, output: string }>} Exec
 */

/** vitest, in a process group of its own while it runs, and its watchdog. */
/** @type {{ pid: number, watch: ReturnType<typeof watchVitest> } | null} */
let activeVitest = null

/**
 * Stop a running vitest from outside (a signal: CI's time limit, Ctrl-C), first printing where it was; CI shows
 * the end of its log, so these lines are what it ends with.
 *
 * @param {string} signal
 */
export function interruptVitest(signal) {
  if (!activeVitest) return
  for (const text of activeVitest.watch.describe(`${signal} (CI's time limit or Ctrl-C)`)) console.log(text)
  killGroup(activeVitest.pid)
}

/**
 * The part of vitest's JSON report read here.
 *
 * @typedef {{ numPassedTests?: number, numFailedTests?: number, testResults?: Array<{ name: string, status: string,
 *   message?: string, assertionResults?: Array<{ status: string, fullName: string, failureMessages?: string[] }> }> }} VitestReport
 */

/** @param {number} pid a process group's leader */
function killGroup(pid) {
  for (const [delay, signal] of /** @type {const} */ ([
    [0, 'SIGTERM'],
    [10_000, 'SIGKILL'],
  ])) {
    setTimeout(() => {
      try {
        process.kill(-pid, signal)
      } catch {}
    }, delay).unref()
  }
}

/** Minutes from the environment (a test of the watchdog shortens them), or the default. */
function minutes(/** @type {string} */ name, /** @type {number} */ fallback) {
  const value = Number(process.env[name])
  return (Number.isFinite(value) && value > 0 ? value : fallback) * 60_000
}

/**
 * Run vitest over every project with coverage; counts from its JSON report, or from the progress file if it has none.
 *
 * @param {{ root: string, resultsDir: string, report: string, env: Record<string, string>, exec: Exec,
 *   onData: (chunk: Buffer) => void }} options  `report`: the JSON report's path; `env`: the stack's
 * @returns {Promise<StepResult>}
 */
export async function runVitest({ root, resultsDir, report, env, exec, onData }) {
  const progressFile = join(resultsDir, 'vitest-progress.jsonl')
  rmSync(progressFile, { force: true })
  /** @type {string[]} */
  let stopLines = []
  const { code, output } = await exec(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--coverage',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tooling/scripts/vitestProgress.mjs',
      `--outputFile.json=${relative(root, report)}`,
    ],
    {
      capture: true,
      env: { ...env, WORLDMAP_VITEST_PROGRESS: progressFile },
      detached: true,
      onData: (chunk) => {
        activeVitest?.watch.saw()
        onData(chunk)
      },
      onSpawn: (pid) => {
        // The longest quiet stretch of a healthy run is a browser file's build and first test (≈ 4 min).
        const stallMs = minutes('WORLDMAP_TEST_STALL_MINUTES', 10)
        const watch = watchVitest({
          pid,
          progressFile,
          root,
          stallMs,
          everyMs: Math.min(15_000, stallMs / 3),
          // CI allows 90 min for the whole run; install and build take ≈ 5 of them.
          deadlineMs: minutes('WORLDMAP_TEST_VITEST_MINUTES', 70),
          stop: (lines) => {
            stopLines = lines
            for (const text of lines) console.log(text)
            killGroup(pid)
          },
        })
        activeVitest = { pid, watch }
      },
    },
  )
  const peak = activeVitest?.watch.peak
  activeVitest?.watch.dispose()
  activeVitest = null
  const text = stripVTControlCharacters(output)
  const memory = peak?.rssKiB ? `peak memory ${(peak.rssKiB / 1048576).toFixed(1)} GiB, ${peak.at}` : ''

  if (!existsSync(report)) return stoppedRun(root, progressFile, stopLines, code, memory)
  /** @type {VitestReport} */
  const json = JSON.parse(readFileSync(report, 'utf8'))
  const passed = json.numPassedTests ?? 0
  let failed = json.numFailedTests ?? 0
  /** @type {string[]} */
  const notes = []

  // A file that fails to import has no assertions, so numFailedTests misses it.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length
  if (brokenFiles) {
    failed += brokenFiles
    notes.push(`${brokenFiles} test file(s) failed to run`)
  }

  const unhandled = Number(/^\s*Errors\s+(\d+)\s+errors?/m.exec(text)?.[1] ?? 0)
  if (unhandled) {
    failed += unhandled
    notes.push(`${unhandled} unhandled error(s) (see "Errors" above)`)
  }

  if (/Coverage for \w+ \([\d.]+%\) does not meet/.test(text)) {
    failed += 1
    notes.push('coverage threshold not met')
  }

  if (code !== 0 && failed === 0) {
    failed = 1
    notes.push(`vitest exited with ${code}`)
  }
  if (memory) notes.push(memory)
  return { passed, failed, note: notes.join('; ') || undefined, failures: failuresOf(json, root) }
}

/**
 * A run without a JSON report (stopped by the watchdog, or crashed): the tests the progress file counted, one
 * failure more for the run itself, and the watchdog's account of what was in flight above the summary.
 *
 * @param {string} root
 * @param {string} progressFile
 * @param {string[]} stopLines
 * @param {number} code
 * @param {string} memory
 * @returns {StepResult}
 */
function stoppedRun(root, progressFile, stopLines, code, memory) {
  const progress = readProgress(existsSync(progressFile) ? readFileSync(progressFile, 'utf8') : '')
  const failures = [
    ...progress.failures.map(({ file, test }) => `${relative(root, file)} > ${test}`),
    ...stopLines.map((text) => text.trim()),
  ]
  const note = [`no JSON report (vitest exited with ${code})`, stopLines[0] ?? '', memory].filter(Boolean).join('; ')
  return { passed: progress.passed, failed: progress.failed + 1, skipped: progress.skipped, note, failures }
}

/**
 * Each failed test (or file that failed to run) as one line: where it is and the first line of why.
 * Printed again under vitest's result line and above the summary, because CI shows only a window near the end of a
 * long log and the failure itself scrolls away above the coverage and typecheck output.
 *
 * @param {VitestReport} json
 * @param {string} root
 */
function failuresOf(json, root) {
  /** @type {string[]} */
  const lines = []
  for (const file of json.testResults ?? []) {
    const where = relative(root, file.name)
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const test of failedTests) lines.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`${where}: ${firstLine(file.message)}`)
  }
  return lines
}

/** @param {unknown} text */
function firstLine(text) {
  const line =
    stripVTControlCharacters(String(text ?? 'no message'))
      .trim()
      .split('\n')[0] ?? ''
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}
