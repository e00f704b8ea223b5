// @vitest-environment node
// The built bin, as npx runs it: dist/cli/main.js (build the package first,
// like the other tests that load dist/simulator.global.js).
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { serveStatic } from '../../e2e/serveStatic.js'
import { HELP_TEXT } from './helpText.js'

vi.setConfig({ testTimeout: 30_000 })

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
let server: Awaited<ReturnType<typeof serveStatic>>

beforeAll(async () => {
  server = await serveStatic({ '/': { body: '<!doctype html><html><head></head><body>app</body></html>', type: 'text/html' } })
})
afterAll(() => server?.close())

function run(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> } {
  let stdout = ''
  let stderr = ''
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

test('default: the bin starts with a shebang, so npx and the PATH can run it', async () => {
  const { readFile } = await import('node:fs/promises')
  expect((await readFile(BIN, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true)
})

test('behavior: open --headless runs until Ctrl-C, then exits cleanly', async () => {
  const bin = run(['open', '--headless', `${server.url}/`])
  await vi.waitFor(() => expect(bin.stdout()).toContain('Opened'), { timeout: 20_000, interval: 100 })
  expect(bin.stdout()).toContain(`Opened ${server.url}/ as World App on ios, interactive mode`)
  bin.child.kill('SIGINT')
  expect(await bin.exit).toBe(0)
  expect(bin.stderr()).toBe('')
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
