// @vitest-environment node
// The CLI as code: what `worldmap-simulator open …` starts, in headless Chromium
// and as a proxy, against a local page (no internet).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COMMAND_EVENTS } from '@worldmap/minikit/wire'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { serveStatic } from '../../e2e/serveStatic.js'
import { BrowserNotFoundError } from '../node/errors/BrowserNotFoundError.js'
import { ProxyStartError } from '../node/errors/ProxyStartError.js'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'
import { BehaviourFileError } from './errors/BehaviourFileError.js'
import { InvalidFlagsError } from './errors/InvalidFlagsError.js'
import { HELP_TEXT } from './helpText.js'
import { type CliRun, runCli } from './runCli.js'

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

type Page = Window & {
  seenAtStart: { host: string; os?: string; version?: number; position?: number[] }
  replies: { event: string; payload: Record<string, unknown> }[]
  MiniKit: { trigger(event: string, payload: Record<string, unknown>): void }
  Android: { postMessage(json: string): void }
}

// The page's first script: what it sees of World App and where it is.
const PROBE = `<script>window.seenAtStart = { host: typeof window.WorldApp, os: window.WorldApp && window.WorldApp.device_os, version: window.WorldApp && window.WorldApp.world_app_version }</script>`
// Anvil's public test key: a --key that is safe to put in a test.
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

let server: Awaited<ReturnType<typeof serveStatic>>
let behaviourFile: string
const output: string[] = []
const errors: string[] = []
const io = { stdout: (text: string) => void output.push(text), stderr: (text: string) => void errors.push(text) }

beforeAll(async () => {
  server = await serveStatic({
    '/': { body: `<!doctype html><html><head>${PROBE}</head><body>app</body></html>`, type: 'text/html' },
  })
  behaviourFile = join(mkdtempSync(join(tmpdir(), 'cli-')), 'behaviour.json')
  writeFileSync(behaviourFile, JSON.stringify({ 'send-haptic-feedback': { outcome: 'reject', errorCode: 'user_rejected' } }))
})
afterAll(() => server?.close())

async function withRun(argv: string[], use: (run: CliRun) => Promise<void>): Promise<void> {
  output.length = 0
  errors.length = 0
  const run = await runCli(argv, io)
  try {
    await use(run)
  } finally {
    await run.close()
  }
}

/** Post wire messages the way MiniKit does on Android and wait for as many replies. */
async function roundTrip(run: CliRun, messages: unknown[]): Promise<Page['replies']> {
  if (run.command !== 'open') throw new Error('expected open')
  await run.app.page.evaluate((list) => {
    const page = window as unknown as Page
    page.replies = []
    page.MiniKit = { trigger: (event, payload) => page.replies.push({ event, payload }) }
    for (const message of list) page.Android.postMessage(JSON.stringify(message))
  }, messages)
  await run.app.page.waitForFunction((count) => (window as unknown as Page).replies.length >= count, messages.length)
  return run.app.page.evaluate(() => (window as unknown as Page).replies)
}

test('default: --help prints the usage', async () => {
  await withRun(['--help'], async (run) => {
    expect(run.command).toBe('help')
    expect(output.join('')).toBe(HELP_TEXT)
  })
})

test('behavior: open --headless: the flags reach the host, which is there before the first script and answers', async () => {
  await withRun(
    [
      'open',
      '--headless',
      '--os',
      'android',
      '--key',
      KEY,
      '--world-app-version',
      '2087800',
      '--behaviour',
      behaviourFile,
      `${server.url}/`,
    ],
    async (run) => {
      expect(run.command).toBe('open')
      if (run.command !== 'open') return
      expect(await run.app.page.evaluate(() => (window as unknown as Page).seenAtStart)).toEqual({
        host: 'object',
        os: 'android',
        version: 2087800,
      })
      const address = privateKeyToAccount(KEY).address
      expect(output.join('')).toBe(
        `Opened ${server.url}/ as World App on android, scripted mode, wallet ${address}, build 2087800.\nClose the window or press Ctrl-C to stop.\n`,
      )
      const replies = await roundTrip(run, [
        { command: 'sign-message', version: 1, payload: { message: 'from the CLI' } },
        { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'impact', style: 'light' } },
      ])
      const signed = replies.find((reply) => reply.event === COMMAND_EVENTS['sign-message'])
      expect(signed?.payload).toMatchObject({ status: 'success', address })
      expect(
        await verifyMessage({ address, message: 'from the CLI', signature: signed?.payload.signature as `0x${string}` }),
      ).toBe(true)
      // From the behaviour file.
      expect(replies.find((reply) => reply.event === COMMAND_EVENTS['send-haptic-feedback'])?.payload).toMatchObject({
        status: 'error',
        error_code: 'user_rejected',
      })
    },
  )
})

test('behavior: open --position: the page is where the flag says', async () => {
  await withRun(['open', '--headless', '--mode', 'scripted', '--position', '48.8584,2.2945', server.url], async (run) => {
    if (run.command !== 'open') throw new Error('expected open')
    const position = await run.app.page.evaluate(
      () =>
        new Promise<number[]>((resolve, reject) =>
          navigator.geolocation.getCurrentPosition((p) => resolve([p.coords.latitude, p.coords.longitude]), reject),
        ),
    )
    expect(position).toEqual([48.8584, 2.2945])
  })
})

test('behavior: open --proxy --port 0 serves the app through a proxy, prints the URL to open and the origin to allow', async () => {
  await withRun(['open', '--proxy', '--port', '0', `${server.url}/`], async (run) => {
    expect(run.command).toBe('proxy')
    if (run.command !== 'proxy') return
    const origin = run.proxy.origin
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(output.join('')).toBe(
      `Proxying ${server.url} as World App on ios, interactive mode, wallet ${privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address}.\n` +
        `Open ${origin}/ in any browser. Ctrl-C to stop.\n` +
        `Sign-in: a backend that checks the SIWE domain must allow ${origin} (WorldMap's: WORLDMAP_APP_ORIGINS).\n`,
    )
    expect(errors).toEqual([])
    expect(await (await fetch(run.proxy.url)).text()).toContain('window.__WORLDMAP_SIMULATOR__={"mode":"interactive"}')
  })
})

test('error: open --proxy --port on a taken port names the port', async () => {
  await withRun(['open', '--proxy', '--port', '0', server.url], async (first) => {
    if (first.command !== 'proxy') throw new Error('expected proxy')
    const port = Number(new URL(first.proxy.origin).port)
    const error = await runCli(['open', '--proxy', '--port', String(port), server.url], io).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProxyStartError)
    expect((error as ProxyStartError).shortMessage).toBe(
      `Port ${port} is already in use on 127.0.0.1: the proxy cannot listen there.`,
    )
  })
})

test('behavior: open --headless with no mode answers in scripted mode instead of waiting on a sheet, and says so on stderr', async () => {
  await withRun(['open', '--headless', '--os', 'android', `${server.url}/`], async (run) => {
    expect(errors).toEqual([
      'worldmap-simulator: --headless: no window to show World App sheets in, so commands are answered in scripted mode (all approved; --behaviour <file.json> to choose the answers).\n',
    ])
    expect(output.join('')).toContain('scripted mode')
    // Interactive mode would hold this reply until someone clicks a sheet nobody can see.
    const [reply] = await roundTrip(run, [{ command: 'sign-message', version: 1, payload: { message: 'unattended' } }])
    expect(reply?.payload).toMatchObject({ status: 'success' })
  })
})

test('error: open --headless --mode interactive is refused before anything is launched', async () => {
  errors.length = 0
  const error = await runCli(['open', '--headless', '--mode', 'interactive', server.url], io).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(InvalidFlagsError)
  expect((error as InvalidFlagsError).issues).toEqual([
    '--headless: no one can answer interactive sheets in a browser with no window: use --mode scripted (or --behaviour <file.json>), or drop --headless',
  ])
  expect(errors).toEqual([])
})

test('error: a --browser that does not exist fails before anything is launched', async () => {
  await expect(runCli(['open', '--headless', '--browser', '/nonexistent/chrome', server.url], io)).rejects.toThrow(
    BrowserNotFoundError,
  )
})

test('error: an invalid behaviour file', async () => {
  const bad = join(mkdtempSync(join(tmpdir(), 'cli-')), 'bad.json')
  writeFileSync(bad, '{"payy": {}}')
  await expect(runCli(['open', '--headless', '--behaviour', bad, server.url], io)).rejects.toThrow(BehaviourFileError)
})
