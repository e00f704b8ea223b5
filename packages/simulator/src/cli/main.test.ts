// @vitest-environment node
// The bin, as the PATH, npx and pnpm exec run it: the committed shim
// bin/worldmap-simulator.js, which loads the built dist/cli/main.js (build the
// package first, like the other tests that load dist/simulator.global.js).
import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { serveStatic } from '../../e2e/serveStatic.js'
import { HELP_TEXT } from './helpText.js'

vi.setConfig({ testTimeout: 30_000 })

const BIN = fileURLToPath(new URL('../../bin/worldmap-simulator.js', import.meta.url))
const HEADLESS_NOTICE =
  'worldmap-simulator: --headless: no window to show World App sheets in, so commands are answered in scripted mode (all approved; --behaviour <file.json> to choose the answers).\n'
let server: Awaited<ReturnType<typeof serveStatic>>

beforeAll(async () => {
  server = await serveStatic({ '/': { body: '<!doctype html><html><head></head><body>app</body></html>', type: 'text/html' } })
})
afterAll(() => server?.close())

function run(
  args: string[],
  bin = BIN,
): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> } {
  let stdout = ''
  let stderr = ''
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

test('default: the bin is the committed shim package.json names, with a shebang, so pnpm can link it before any build', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  expect(pkg.bin).toEqual({ 'worldmap-simulator': './bin/worldmap-simulator.js' })
  expect(pkg.files).toContain('bin')
  expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
})

test('behavior: open --headless runs until Ctrl-C, then exits cleanly; the scripted fallback is said on stderr', async () => {
  const bin = run(['open', '--headless', `${server.url}/`])
  await vi.waitFor(() => expect(bin.stdout()).toContain('Opened'), { timeout: 20_000, interval: 100 })
  expect(bin.stdout()).toContain(`Opened ${server.url}/ as World App on ios, scripted mode`)
  bin.child.kill('SIGINT')
  expect(await bin.exit).toBe(0)
  expect(bin.stderr()).toBe(HEADLESS_NOTICE)
})

test('error: open --headless --mode interactive exits 2 and says why, instead of waiting on a sheet', async () => {
  const bin = run(['open', '--headless', '--mode', 'interactive', `${server.url}/`])
  expect(await bin.exit).toBe(2)
  expect(bin.stderr()).toBe(
    'worldmap-simulator: Invalid command line. Run `worldmap-simulator --help` for usage.\n' +
      '  --headless: no one can answer interactive sheets in a browser with no window: use --mode scripted (or --behaviour <file.json>), or drop --headless\n',
  )
  expect(bin.stdout()).toBe('')
})

test('error: the shim in a checkout that was never built exits 1 and says how to build', async () => {
  // The same shim, in a package folder with no dist/.
  const unbuilt = join(mkdtempSync(join(tmpdir(), 'unbuilt-simulator-')), 'bin')
  mkdirSync(unbuilt)
  copyFileSync(BIN, join(unbuilt, 'worldmap-simulator.js'))
  const bin = run(['--help'], join(unbuilt, 'worldmap-simulator.js'))
  expect(await bin.exit).toBe(1)
  expect(bin.stderr()).toBe(
    'worldmap-simulator: the simulator is not built yet (dist/cli/main.js is missing).\n' +
      '  Build it from the repository root: pnpm --filter @worldmap/simulator build\n',
  )
  expect(bin.stdout()).toBe('')
})

test('behavior: --help', async () => {
  const bin = run(['--help'])
  expect(await bin.exit).toBe(0)
  expect(bin.stdout()).toBe(HELP_TEXT)
})

test('error: bad flags exit 2 with the problems on stderr', async () => {
  const bin = run(['open', '--os', 'windows', '--position', 'here', 'http://localhost:5173/'])
  expect(await bin.exit).toBe(2)
  expect(bin.stderr()).toBe(
    'worldmap-simulator: Invalid command line. Run `worldmap-simulator --help` for usage.\n' +
      '  --os: must be ios or android\n' +
      '  --position: must be <lat>,<lng> in degrees, e.g. 1.2834,103.8607\n',
  )
  expect(bin.stdout()).toBe('')
})
