// Watches `pnpm test`'s vitest run from outside it. Every test has a timeout, but a timeout cannot fire while a
// worker's event loop is blocked, and a global setup, a file's top level or a stuck child process has none: on
// 2026-11-30 CI stopped a run whose vitest had gone 5,289 s (a whole run takes ~1,850 s here) and nothing in the log
// said where. The watchdog ends such a run itself, before CI's limit, and says which files and tests were in flight,
// which processes were running and how much memory the run held at its peak.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { relative } from 'node:path'

/**
 * @typedef {import('./vitestProgress.mjs').ProgressLine} ProgressLine
 * @typedef {{ file: string, project?: string | undefined, test?: string | undefined, since: number }} InFlight
 * @typedef {{ passed: number, failed: number, skipped: number, files: InFlight[], tests: InFlight[],
 *   failures: Array<{ file: string, test: string }> }} Progress
 * @typedef {{ pid: number, ppid: number, rssKiB: number, cpu: string, elapsed: number, args: string }} ProcessRow
 */

/**
 * What a progress file (tooling/scripts/vitestProgress.mjs) says: the tests counted so far and what is in flight.
 * A line cut short by a kill is skipped.
 *
 * @param {string} text
 * @returns {Progress}
 */
export function readProgress(text) {
  /** @type {Map<string, InFlight>} */
  const files = new Map()
  /** @type {Map<string, InFlight>} */
  const tests = new Map()
  /** @type {Progress} */
  const progress = { passed: 0, failed: 0, skipped: 0, files: [], tests: [], failures: [] }
  for (const raw of text.split('\n')) {
    /** @type {ProgressLine | undefined} */
    let line
    try {
      line = raw ? JSON.parse(raw) : undefined
    } catch {}
    if (!line) continue
    const testKey = `${line.file}\u0000${line.test}`
    if (line.e === 'file-start') files.set(line.file, { file: line.file, project: line.project, since: line.t })
    else if (line.e === 'file-end') files.delete(line.file)
    else if (line.e === 'test-start') tests.set(testKey, { file: line.file, test: line.test, since: line.t })
    else if (line.e === 'test-end') {
      tests.delete(testKey)
      if (line.state === 'passed') progress.passed += 1
      else if (line.state === 'failed') {
        progress.failed += 1
        progress.failures.push({ file: line.file, test: line.test ?? '' })
      } else progress.skipped += 1
    }
  }
  return { ...progress, files: [...files.values()], tests: [...tests.values()] }
}

/**
 * `ps -eo pid=,ppid=,rss=,time=,etimes=,args=` rows of `rootPid` and every process under it.
 *
 * @param {string} psOutput
 * @param {number} rootPid
 * @returns {ProcessRow[]}
 */
export function processTree(psOutput, rootPid) {
  const rows = psOutput
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, ppid, rss, cpu, elapsed, args]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      rssKiB: Number(rss),
      cpu: String(cpu),
      elapsed: Number(elapsed),
      args: String(args),
    }))
  const inTree = new Set([rootPid])
  // Parents are listed before their children only by chance: repeat until no row joins.
  for (let grew = true; grew; ) {
    grew = false
    for (const row of rows) {
      if (!inTree.has(row.pid) && inTree.has(row.ppid)) {
        inTree.add(row.pid)
        grew = true
      }
    }
  }
  return rows.filter((row) => inTree.has(row.pid))
}

/**
 * The lines that say why a run was stopped and what it was doing.
 *
 * @param {{ reason: string, progress: Progress, processes: ProcessRow[], peak: { rssKiB: number, at: string },
 *   now: number, root: string }} state
 * @returns {string[]}
 */
export function describeStop({ reason, progress, processes, peak, now, root }) {
  const since = (/** @type {number} */ t) => `${((now - t) / 1000).toFixed(0)} s`
  const where = (/** @type {string} */ file) => relative(root, file)
  const lines = [
    `vitest stopped: ${reason}`,
    `  counted so far: ${progress.passed} passed, ${progress.failed} failed, ${progress.skipped} skipped`,
    `  peak memory of vitest and its processes: ${(peak.rssKiB / 1048576).toFixed(2)} GiB (${peak.at || 'no sample'})`,
  ]
  if (progress.files.length === 0) lines.push('  no test file in flight (a global setup or teardown, or vitest itself)')
  for (const file of progress.files) lines.push(`  in flight: ${where(file.file)} [${file.project}] for ${since(file.since)}`)
  for (const test of progress.tests) lines.push(`    test: ${test.test} for ${since(test.since)}`)
  lines.push('  processes (pid, cpu time, MiB, command):')
  for (const row of processes.slice(0, 25)) {
    lines.push(`    ${row.pid} ${row.cpu} ${(row.rssKiB / 1024).toFixed(0)} ${row.args.slice(0, 160)}`)
  }
  return lines
}

/** @param {number} rootPid */
function sampleProcesses(rootPid) {
  try {
    const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,time=,etimes=,args='], { encoding: 'utf8', timeout: 10_000 })
    return processTree(ps, rootPid)
  } catch {
    return []
  }
}

/**
 * Watch a running vitest (its pid, its progress file): every `everyMs`, note the memory of its process tree, and
 * call `stop` with the lines of {@link describeStop} once it has shown no progress and printed nothing for
 * `stallMs`, or has run `deadlineMs`. `saw()` is to be called on every chunk of its output.
 *
 * @param {{ pid: number, progressFile: string, root: string, stallMs: number, deadlineMs: number,
 *   everyMs?: number, stop: (lines: string[]) => void }} options
 */
export function watchVitest({ pid, progressFile, root, stallMs, deadlineMs, everyMs = 15_000, stop }) {
  const started = Date.now()
  let lastOutput = started
  const peak = { rssKiB: 0, at: '' }
  const progressOf = () => readProgress(existsSync(progressFile) ? readFileSync(progressFile, 'utf8') : '')
  const lastProgress = () => (existsSync(progressFile) ? statSync(progressFile).mtimeMs : started)
  const describe = (/** @type {string} */ reason) =>
    describeStop({ reason, progress: progressOf(), processes: sampleProcesses(pid), peak, now: Date.now(), root })
  const timer = setInterval(() => {
    const now = Date.now()
    const processes = sampleProcesses(pid)
    const rssKiB = processes.reduce((sum, row) => sum + row.rssKiB, 0)
    if (rssKiB > peak.rssKiB) {
      const inFlight = progressOf().files.map((file) => relative(root, file.file))
      Object.assign(peak, {
        rssKiB,
        at: `${((now - started) / 1000).toFixed(0)} s in, during ${inFlight.join(', ') || 'no file'}`,
      })
    }
    const quiet = now - Math.max(lastOutput, lastProgress())
    let reason = ''
    if (now - started > deadlineMs) reason = `it ran longer than ${(deadlineMs / 60_000).toFixed(0)} min`
    else if (quiet > stallMs) reason = `no test ended and nothing was printed for ${(quiet / 60_000).toFixed(1)} min`
    if (!reason) return
    clearInterval(timer)
    stop(describe(reason))
  }, everyMs)
  timer.unref()
  return {
    saw: () => {
      lastOutput = Date.now()
    },
    /** The lines to print when the run is stopped from outside (a signal). */
    describe,
    peak,
    dispose: () => clearInterval(timer),
  }
}
