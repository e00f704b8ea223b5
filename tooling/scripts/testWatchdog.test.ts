import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeStop, processTree, readProgress } from './testWatchdog.mjs'
import { runVitest } from './vitestStep.mjs'

vi.setConfig({ testTimeout: 60_000 })

const root = resolve(import.meta.dirname, '../..')
const dirs: string[] = []
function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'watchdog-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  delete process.env.WORLDMAP_TEST_STALL_MINUTES
})

const line = (value: object) => `${JSON.stringify(value)}\n`

describe('readProgress', () => {
  it('default: counts ended tests and names the file and test still in flight', () => {
    const text = [
      line({ t: 1, e: 'file-start', file: '/r/a.test.ts', project: 'unit' }),
      line({ t: 2, e: 'test-start', file: '/r/a.test.ts', test: 'one' }),
      line({ t: 3, e: 'test-end', file: '/r/a.test.ts', test: 'one', state: 'passed' }),
      line({ t: 4, e: 'test-start', file: '/r/a.test.ts', test: 'two' }),
      line({ t: 5, e: 'test-end', file: '/r/a.test.ts', test: 'two', state: 'failed' }),
      line({ t: 6, e: 'file-end', file: '/r/a.test.ts', state: 'failed' }),
      line({ t: 7, e: 'file-start', file: '/r/b.test.ts', project: 'e2e' }),
      line({ t: 8, e: 'test-end', file: '/r/b.test.ts', test: 'skipped one', state: 'skipped' }),
      line({ t: 9, e: 'test-start', file: '/r/b.test.ts', test: 'hangs' }),
    ].join('')
    expect(readProgress(text)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      files: [{ file: '/r/b.test.ts', project: 'e2e', since: 7 }],
      tests: [{ file: '/r/b.test.ts', test: 'hangs', since: 9 }],
      failures: [{ file: '/r/a.test.ts', test: 'two' }],
    })
  })

  it('error: a line cut short by a kill and blank lines are skipped, not thrown on', () => {
    const text = `${line({ t: 1, e: 'file-start', file: '/r/a.test.ts', project: 'unit' })}\n{"t":2,"e":"test-st`
    expect(readProgress(text).files).toHaveLength(1)
    expect(readProgress('').passed).toBe(0)
  })

  it('behavior: two tests of the same name in different files are told apart', () => {
    const text = [
      line({ t: 1, e: 'test-start', file: '/r/a.test.ts', test: 'same' }),
      line({ t: 2, e: 'test-start', file: '/r/b.test.ts', test: 'same' }),
      line({ t: 3, e: 'test-end', file: '/r/a.test.ts', test: 'same', state: 'passed' }),
    ].join('')
    expect(readProgress(text).tests).toEqual([{ file: '/r/b.test.ts', test: 'same', since: 2 }])
  })
})

describe('processTree', () => {
  it('default: the root and every descendant, whichever order ps lists them in', () => {
    const ps = [
      '  30    20  3000 00:00:03   40 chromium --headless',
      '  20    10  2000 00:00:02   50 node worker.js',
      '  10     1  1000 00:00:01   60 node vitest.mjs run',
      '  99     1  9999 00:09:59  100 unrelated',
      'garbage line',
    ].join('\n')
    expect(processTree(ps, 10).map((row) => row.pid)).toEqual([30, 20, 10])
    expect(processTree(ps, 10)[0]).toEqual({
      pid: 30,
      ppid: 20,
      rssKiB: 3000,
      cpu: '00:00:03',
      elapsed: 40,
      args: 'chromium --headless',
    })
  })
})

describe('describeStop', () => {
  it('default: says why, what was counted, the peak memory, what was in flight and for how long', () => {
    const lines = describeStop({
      reason: 'no test ended for 10.0 min',
      progress: {
        passed: 5,
        failed: 0,
        skipped: 1,
        files: [{ file: '/r/e2e/week.test.ts', project: 'e2e', since: 1_000 }],
        tests: [{ file: '/r/e2e/week.test.ts', test: 'a week', since: 2_000 }],
        failures: [],
      },
      processes: [{ pid: 7, ppid: 1, rssKiB: 2048, cpu: '00:01:00', elapsed: 9, args: 'node vitest' }],
      peak: { rssKiB: 3 * 1048576, at: '60 s in, during e2e/week.test.ts' },
      now: 62_000,
      root: '/r',
    })
    expect(lines).toEqual([
      'vitest stopped: no test ended for 10.0 min',
      '  counted so far: 5 passed, 0 failed, 1 skipped',
      '  peak memory of vitest and its processes: 3.00 GiB (60 s in, during e2e/week.test.ts)',
      '  in flight: e2e/week.test.ts [e2e] for 61 s',
      '    test: a week for 60 s',
      '  processes (pid, cpu time, MiB, command):',
      '    7 00:01:00 2 node vitest',
    ])
  })
})

describe('runVitest under the watchdog', () => {
  // A stand-in for vitest: it reports one passed test, starts a second, then blocks its event loop for good — the
  // case no test timeout can end.
  const hang = `
    const { appendFileSync } = require('node:fs')
    const file = process.env.WORLDMAP_VITEST_PROGRESS
    const put = (line) => appendFileSync(file, JSON.stringify({ t: Date.now(), ...line }) + '\\n')
    put({ e: 'file-start', file: '${root}/apps/x/hangs.test.ts', project: 'x' })
    put({ e: 'test-start', file: '${root}/apps/x/hangs.test.ts', test: 'fine' })
    put({ e: 'test-end', file: '${root}/apps/x/hangs.test.ts', test: 'fine', state: 'passed' })
    put({ e: 'test-start', file: '${root}/apps/x/hangs.test.ts', test: 'spins' })
    console.log('started')
    for (;;) {}
  `

  let pid = 0
  afterEach(() => {
    vi.unstubAllEnvs()
    // Should the watchdog miss it, a spinning stand-in must not take a core from the rest of the run.
    if (pid && spawnSync('ps', ['-p', String(pid)]).status === 0) process.kill(-pid, 'SIGKILL')
  })

  it('error: a run that stops making progress is stopped, counted and named, and its processes are gone', async () => {
    vi.stubEnv('WORLDMAP_TEST_STALL_MINUTES', String(1.5 / 60))
    const resultsDir = scratch()
    const result = await runVitest({
      root,
      resultsDir,
      report: join(resultsDir, 'vitest.json'),
      env: {},
      onData: () => {},
      exec: (_command, _args, options = {}) =>
        new Promise((done) => {
          const child = spawn(process.execPath, ['-e', hang], {
            env: { ...process.env, ...options.env },
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: options.detached,
          })
          pid = child.pid ?? 0
          options.onSpawn?.(pid)
          child.stdout.on('data', (chunk) => options.onData?.(chunk))
          child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 1), output: '' }))
        }),
    })
    expect(result).toMatchObject({ passed: 1, failed: 1, skipped: 0 })
    expect(result.note).toMatch(/^no JSON report \(vitest exited with 128\); vitest stopped: no test ended/)
    expect(result.failures?.some((text) => /^in flight: apps\/x\/hangs\.test\.ts \[x\] for \d+ s$/.test(text))).toBe(true)
    expect(result.failures?.some((text) => /^test: spins for \d+ s$/.test(text))).toBe(true)
    expect(result.failures?.some((text) => text.includes(String(pid)))).toBe(true)
    expect(spawnSync('ps', ['-p', String(pid)]).status).not.toBe(0)
  })
})

describe('the progress reporter in a real vitest run', () => {
  it('default: writes each file and test as it starts and ends', () => {
    const dir = scratch()
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["*.check.mjs"] } }\n')
    writeFileSync(
      join(dir, 'one.check.mjs'),
      'import { it } from "vitest"\nit("passes", () => {})\nit.skip("skipped", () => {})\n',
    )
    const progressFile = join(dir, 'progress.jsonl')
    const run = spawnSync(
      'pnpm',
      ['exec', 'vitest', 'run', '--root', dir, '--reporter', join(root, 'tooling/scripts/vitestProgress.mjs')],
      // Bounded: a synchronous call blocks this worker, so the test's own timeout could not stop it.
      { cwd: root, env: { ...process.env, WORLDMAP_VITEST_PROGRESS: progressFile }, encoding: 'utf8', timeout: 120_000 },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(existsSync(progressFile)).toBe(true)
    const events = readFileSync(progressFile, 'utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text))
      .map(({ e, file, test, state }) => [e, file.replace(dir, ''), test, state])
    expect(events).toContainEqual(['file-start', '/one.check.mjs', undefined, undefined])
    expect(events).toContainEqual(['test-start', '/one.check.mjs', 'passes', undefined])
    expect(events).toContainEqual(['test-end', '/one.check.mjs', 'passes', 'passed'])
    expect(events).toContainEqual(['test-end', '/one.check.mjs', 'skipped', 'skipped'])
    expect(events.at(-1)).toEqual(['file-end', '/one.check.mjs', undefined, 'passed'])
    expect(readProgress(readFileSync(progressFile, 'utf8'))).toMatchObject({ passed: 1, skipped: 1, files: [], tests: [] })
  })
})
