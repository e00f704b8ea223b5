// @vitest-environment node
// The CLI's log against a real page: `open --headless` prints each command the
// page sends and each reply, as text for people and with --json for scripts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodeFunctionData, erc20Abi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { launchChromium } from '../../e2e/launchChromium.js'
import { serveStatic } from '../../e2e/serveStatic.js'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'
import { runCli } from './runCli.js'

/** Characters a terminal acts on (C0 and C1 controls) or that reorder text (bidi overrides). */
const controlCharacters = (text: string) =>
  [...text].filter((c) => {
    const code = c.charCodeAt(0)
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e)
  })

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

const SCREENSHOTS = fileURLToPath(new URL('../../../../.test-results/screenshots/', import.meta.url))
const WALLET = privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address
const TRANSFER = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: ['0x2222222222222222222222222222222222222222', 12_500_000_000_000_000_000n],
})
// What the page sends at load, as a mini app's own code would: four commands, one of them hostile
// (a message carrying terminal control sequences: ESC and the one-byte C1 CSI).
const MESSAGES = [
  { command: 'sign-message', version: 1, payload: { message: 'I found the golden map \u001b[2J\u009b2J' } },
  {
    command: 'send-transaction',
    version: 2,
    payload: {
      chainId: 480,
      transactions: [{ to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003', data: TRANSFER, value: '0x0' }],
    },
  },
  { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'impact', style: 'light' } },
  { command: 'request-permission', version: 1, payload: { permission: 'notifications' } },
]
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body>app<script>
for (const message of ${JSON.stringify(MESSAGES)}) window.Android.postMessage(JSON.stringify(message))
</script></body></html>`

let server: Awaited<ReturnType<typeof serveStatic>>
let behaviourFile: string

beforeAll(async () => {
  server = await serveStatic({ '/app': { body: PAGE, type: 'text/html' } })
  behaviourFile = join(mkdtempSync(join(tmpdir(), 'cli-log-')), 'behaviour.json')
  writeFileSync(behaviourFile, JSON.stringify({ 'send-haptic-feedback': { outcome: 'reject', errorCode: 'user_rejected' } }))
})
afterAll(() => server?.close())

/** Run `open --headless … <page>` until the page's four replies are printed; the whole stdout. */
async function logOf(flags: string[]): Promise<string> {
  const output: string[] = []
  const run = await runCli(
    ['open', '--headless', '--os', 'android', '--behaviour', behaviourFile, ...flags, `${server.url}/app`],
    {
      stdout: (text) => void output.push(text),
      stderr: () => {},
    },
  )
  try {
    await vi.waitFor(() => expect(output.join('').match(/← |"type":"reply"/g)?.length).toBe(MESSAGES.length), {
      timeout: 15_000,
    })
  } finally {
    await run.close()
  }
  return output.join('')
}

const TIME = '\\d\\d:\\d\\d:\\d\\d\\.\\d{3}'

test('behavior: open --headless prints each command, its payload and the reply', async () => {
  const text = await logOf([])
  const lines = text.trimEnd().split('\n')
  expect(lines[0]).toBe(`Opened ${server.url}/app as World App on android, scripted mode, wallet ${WALLET}.`)
  const log = lines.slice(2)
  const line = (pattern: string) => expect(log.some((entry) => new RegExp(`^${TIME} ${pattern}$`).test(entry))).toBe(true)
  // The hostile message's control characters are printed as escapes, never sent to the terminal.
  line(String.raw`→ sign-message v1 \{message: "I found the golden map \\u001b\[2J\\u009b2J"\}`)
  expect(controlCharacters(text.replaceAll('\n', ''))).toEqual([])
  // Calldata shortened to its selector, its end and its length; the address whole.
  line(
    String.raw`→ send-transaction v2 \{chainId: 480, transactions: \[\{to: "0x2cFc85d8E48F8EAB294be644d9E25C3030863003", data: 0xa9059cbb…0000 \(68 bytes\), value: "0x0"\}\]\}`,
  )
  line(String.raw`← sign-message v1 success \{signature: 0x[0-9a-f]{8}…[0-9a-f]{4} \(65 bytes\), address: "${WALLET}"\}`)
  line(
    String.raw`← send-transaction v2 success \{userOpHash: "0x[0-9a-f]{64}", from: "${WALLET}", network: "worldchain", timestamp: "[^"]+"\}`,
  )
  line('← send-haptic-feedback v1 error user_rejected')
  line(String.raw`← request-permission v1 success \{permission: "notifications", timestamp: "[^"]+"\}`)
  expect(log).toHaveLength(MESSAGES.length * 2)

  // What a team sees in its terminal, at a phone's width: rendered for the screenshot, and the text beside it.
  mkdirSync(SCREENSHOTS, { recursive: true })
  writeFileSync(join(SCREENSHOTS, 'simulator-headless-log.txt'), text)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
    await page.setContent(
      `<!doctype html><meta charset="utf-8"><style>body{margin:0;background:#0c0c0c;color:#e4e4e7}
pre{margin:0;padding:14px;font:12px/1.45 ui-monospace,'DejaVu Sans Mono',monospace;white-space:pre-wrap;overflow-wrap:anywhere}
b{color:#a3e635;font-weight:normal}</style><pre><b>$ worldmap-simulator open --headless --os android --behaviour behaviour.json ${server.url}/app</b>\n</pre>`,
    )
    await page.locator('pre').evaluate((pre, output) => pre.append(output), text)
    await page.screenshot({ path: join(SCREENSHOTS, 'simulator-headless-log.png') })
  } finally {
    await browser.close()
  }
})

test('behavior: --json prints one JSON object per line with stable fields, payloads whole', async () => {
  const records = (await logOf(['--json']))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(records[0]).toEqual({
    type: 'opened',
    time: expect.any(String),
    url: `${server.url}/app`,
    os: 'android',
    mode: 'scripted',
    wallet: WALLET,
    worldAppVersion: null,
  })
  const commands = records.filter((record) => record.type === 'command')
  expect(commands.map(({ command, version }) => [command, version])).toEqual(
    MESSAGES.map(({ command, version }) => [command, version]),
  )
  expect(commands[0]).toEqual({
    type: 'command',
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    command: 'sign-message',
    version: 1,
    payload: MESSAGES[0]?.payload,
  })
  // Whole calldata for scripts.
  expect(commands[1]?.payload).toEqual(MESSAGES[1]?.payload)
  const replies = records.filter((record) => record.type === 'reply')
  expect(replies).toHaveLength(MESSAGES.length)
  expect(replies.find((reply) => reply.command === 'send-haptic-feedback')).toEqual({
    type: 'reply',
    time: expect.any(String),
    command: 'send-haptic-feedback',
    event: 'miniapp-send-haptic-feedback',
    version: 1,
    status: 'error',
    errorCode: 'user_rejected',
    payload: { status: 'error', error_code: 'user_rejected', version: 1 },
  })
  expect(replies.find((reply) => reply.command === 'sign-message')).toMatchObject({
    status: 'success',
    errorCode: null,
    payload: { address: WALLET, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
  })
})

test('error: --json with --proxy is refused: the proxy cannot see the pages it serves', async () => {
  await expect(runCli(['open', '--proxy', '--json', server.url], { stdout: () => {}, stderr: () => {} })).rejects.toThrow(
    /--json: prints the log of a browser the CLI opens/,
  )
})
