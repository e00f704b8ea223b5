// @vitest-environment node
// Cross-client tests: the official @worldcoin/minikit-js 1.9.6 and 2.0.3 and
// @worldmap/minikit run every command they offer against the simulator, on a
// simulated iOS and Android host, in headless Chromium. Valid replies for
// clients nobody here wrote show the simulator speaks World App's wire
// protocol, not just our own dialect of it. The results become
// COMPATIBILITY.md (`vitest run -u` rewrites it; CI fails while it is stale).
import { fileURLToPath } from 'node:url'
import { verifySiweMessage as verifyOfficialSiweMessage } from '@worldcoin/minikit-js-2/siwe'
import { verifySiweMessage } from '@worldmap/minikit/siwe'
import { WORLD_APP_RELEASES } from '@worldmap/minikit/wire'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installSimulator } from '../src/playwright/installSimulator.js'
import { createSimulatorWallet } from '../src/wallet/createSimulatorWallet.js'
import { verifySimulatedProof } from '../src/worldId/verifySimulatedProof.js'
import { launchChromium } from './launchChromium.js'
import type { Outcome, Results } from './pages/crossClientRun.js'
import { serveStatic } from './serveStatic.js'

const APP_ID = 'app_staging_worldmap_e2e'
const NONCE = 'e2ecrossclient0001'
// The 1.x page runs the MiniKit facade's commandsAsync; the 2.x page (written
// for official 2.0.3) runs `MiniKit.<command>()`. Each is bundled against the
// official toolkit and against ours, with only its import specifier aliased.
const CLIENTS = {
  official1: { label: 'official 1.9.6', api: 1, page: 'crossClient.ts', alias: '@worldcoin/minikit-js' },
  official2: { label: 'official 2.0.3', api: 2, page: 'crossClientV2.ts', alias: '@worldcoin/minikit-js-2' },
  ours: { label: 'ours 1.x', api: 1, page: 'crossClient.ts', alias: '@worldmap/minikit' },
  ours2: { label: 'ours 2.x', api: 2, page: 'crossClientV2.ts', alias: '@worldmap/minikit' },
} as const
type Client = keyof typeof CLIENTS
type Os = 'ios' | 'android'
const OSES: Os[] = ['ios', 'android']

// Rows of COMPATIBILITY.md, in order; commands as the wire names them.
const ROWS = [
  'install',
  'wallet-auth',
  'sign-message',
  'sign-typed-data',
  'pay',
  'verify',
  'send-transaction',
  'share-contacts',
  'request-permission',
  'get-permissions',
  'send-haptic-feedback',
  'share',
  'attestation',
  'chat',
  'close-miniapp',
  'EIP-1193 provider',
  'rejected reply',
  'delayed reply',
  'duplicated reply',
  `older World App (${WORLD_APP_RELEASES.walletAuthV2})`,
] as const
type Row = (typeof ROWS)[number]
const OLDER = ROWS[ROWS.length - 1] as Row
const NOT_OFFERED: Record<Client, Row[]> = {
  official1: ['attestation', 'chat', 'close-miniapp', 'EIP-1193 provider'],
  official2: ['verify'],
  ours: ['EIP-1193 provider'],
  ours2: ['verify'],
}

/** One client on one simulated OS: what its page recorded and what the simulator saw. */
interface Run {
  results: Results
  sent: Array<[string, number | undefined]>
  replyErrors: string[]
  closed: boolean
  contractErrors: string[]
  olderInstall: unknown
}

const entryOf = (page: string) => fileURLToPath(new URL(`./pages/${page}`, import.meta.url))
async function bundle(client: Client): Promise<string> {
  const { page, alias } = CLIENTS[client]
  const result = await build({
    entryPoints: [entryOf(page)],
    // Resolves from here, where every toolkit is a dependency.
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    alias: { [CLIENTS[client].api === 1 ? 'minikit-under-test' : 'minikit-under-test-v2']: alias },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

let browser: Browser
let server: Awaited<ReturnType<typeof serveStatic>>
const runs = new Map<string, Run>()
const cells = new Map<string, boolean>()
const wallet = createSimulatorWallet()
const runOf = (client: Client, os: Os) => runs.get(`${client}/${os}`) as Run

async function newPage(client: Client, os: Os, worldAppVersion?: number) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  // No internet here: fail anything not on this machine at once (the
  // toolkits' username lookups), as a dead network would.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'))
  await installSimulator(context, {
    os,
    appId: APP_ID,
    geolocation: false,
    ...(worldAppVersion ? { worldAppVersion } : {}),
  })
  const page = await context.newPage()
  const contractErrors: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('departs from the wire contract')) contractErrors.push(message.text())
  })
  await page.goto(`${server.url}/${client}.html`)
  await page.waitForFunction(() => typeof (window as unknown as { runCommands?: unknown }).runCommands === 'function')
  return { context, page, contractErrors }
}

async function runClient(client: Client, os: Os): Promise<Run> {
  const { context, page, contractErrors } = await newPage(client, os)
  const results = await page.evaluate(() => (window as unknown as { runCommands(): Promise<Results> }).runCommands())
  const seen = await page.evaluate(() => {
    const host = (window as unknown as { worldmapSimulator: import('../src/browser/startSimulator.js').BrowserSimulator })
      .worldmapSimulator
    return {
      sent: host.received.map((message) => [message.command, message.version] as [string, number | undefined]),
      replyErrors: host.replies
        .filter((reply) => reply.payload.status === 'error')
        .map((reply) => `${reply.event}: ${String(reply.payload.error_code)}`),
      closed: host.closed,
    }
  })
  await context.close()
  const older = await newPage(client, os, WORLD_APP_RELEASES.walletAuthV2)
  const olderInstall = await older.page.evaluate(() => (window as unknown as { installOnly(): unknown }).installOnly())
  await older.context.close()
  return { results, ...seen, contractErrors, olderInstall }
}

beforeAll(async () => {
  const clients = Object.keys(CLIENTS) as Client[]
  const scripts = await Promise.all(clients.map(bundle))
  const files: Record<string, { body: string; type: string }> = {}
  clients.forEach((client, index) => {
    files[`/${client}.html`] = {
      type: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>e2e</title></head><body><script type="module" src="/${client}.js"></script></body></html>`,
    }
    files[`/${client}.js`] = { body: scripts[index] ?? '', type: 'text/javascript' }
  })
  server = await serveStatic(files)
  browser = await launchChromium()
  // One browser, every client and OS at once.
  await Promise.all(clients.flatMap((client) => OSES.map(async (os) => runs.set(`${client}/${os}`, await runClient(client, os)))))
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** The value a call resolved with (fails the test with the page's error otherwise). */
function value<T = Record<string, unknown>>(outcome: Outcome | undefined): T {
  expect(outcome, `the call resolved: ${JSON.stringify(outcome)}`).toMatchObject({ ok: true })
  return (outcome as { value: T }).value
}
const signedBy = (message: string, signature: unknown) =>
  verifyMessage({ address: wallet.address, message, signature: signature as Hex })

const CASES = (Object.keys(CLIENTS) as Client[]).flatMap((client) => OSES.map((os) => [client, os] as const))

describe.each(CASES)('behavior: %s client on a simulated %s host', (client, os) => {
  const v2 = CLIENTS[client].api === 2
  const facade = !v2
  let run: Run
  const pass = (row: Row, ok = true) => cells.set(`${client}/${os}/${row}`, ok)

  beforeAll(() => {
    run = runOf(client, os)
  })

  test('default: install succeeds on today’s World App, and every reply matches the wire contract', () => {
    expect(value(run.results.install)).toEqual({ success: true })
    expect(run.contractErrors).toEqual([])
    // The only error reply is the scripted rejection: nothing the clients sent was malformed.
    expect(run.replyErrors).toEqual(['miniapp-payment: insufficient_balance'])
    pass('install')
  })

  test('behavior: wallet auth signs SIWE both our verifier and the official one accept', async () => {
    const payload = value<{ message: string; signature: string; address: string; version: number }>(run.results['wallet-auth'])
    expect(payload).toMatchObject({ address: wallet.address, version: 2 })
    const statement = `Authenticate (${NONCE}).`
    const { siweMessageData } = await verifySiweMessage({ payload: { status: 'success', ...payload }, nonce: NONCE, statement })
    expect(siweMessageData).toMatchObject({ chain_id: 480, nonce: NONCE, address: wallet.address })
    expect(await verifyOfficialSiweMessage(payload, NONCE, statement)).toMatchObject({ isValid: true })
    pass('wallet-auth')
  })

  test('behavior: sign message and typed data verify against the wallet', async () => {
    expect(await signedBy('hello from the e2e page', value(run.results['sign-message']).signature)).toBe(true)
    pass('sign-message')
    const typed = value(run.results['sign-typed-data'])
    expect(
      await verifyTypedData({
        address: wallet.address,
        types: {
          Drop: [
            { name: 'id', type: 'string' },
            { name: 'amount', type: 'uint256' },
          ],
        },
        primaryType: 'Drop',
        message: { id: 'drop-1', amount: 42n },
        domain: { name: 'WorldMap', version: '1', chainId: 480 },
        signature: typed.signature as Hex,
      }),
    ).toBe(true)
    pass('sign-typed-data')
  })

  test('behavior: pay is submitted with a transaction id', () => {
    const payment = value(run.results.pay)
    const id = facade ? payment.transaction_id : payment.transactionId
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(payment).toMatchObject({ reference: 'e2e-reference-1', from: wallet.address, chain: 'worldchain' })
    if (facade) expect(payment).toMatchObject({ status: 'success', transaction_status: 'submitted' })
    pass('pay')
  })

  if (facade)
    test('behavior: verify returns a proof the simulator verifier accepts', async () => {
      const proof = value<Parameters<typeof verifySimulatedProof>[0] & { status: string }>(run.results.verify)
      expect(proof.status).toBe('success')
      const verdict = await verifySimulatedProof(proof, { appId: APP_ID, action: 'collect-drops', signal: 'e2e-signal' })
      expect(verdict).toMatchObject({ success: true, verification_level: 'orb' })
      pass('verify')
    })

  test('behavior: send-transaction is answered in the version the client sent', () => {
    const reply = value(run.results['send-transaction'])
    const sent = run.sent.filter(([command]) => command === 'send-transaction').map(([, version]) => version)
    if (v2) {
      // Version 2: one user operation, identified by its hash.
      expect(sent[0]).toBe(2)
      expect(reply).toMatchObject({ status: 'success', version: 2, from: wallet.address })
      expect(reply.userOpHash).toMatch(/^0x[0-9a-f]{64}$/)
    } else {
      expect(sent).toEqual([1])
      expect(reply).toMatchObject({ status: 'success', transaction_status: 'submitted', from: wallet.address, version: 1 })
      expect(reply.reference).toMatch(/^[0-9a-f-]{36}$/)
    }
    pass('send-transaction')
  })

  test('behavior: contacts, permissions and haptics answer', () => {
    expect((value(run.results['share-contacts']).contacts as unknown[]).length).toBe(2)
    pass('share-contacts')
    expect(value(run.results['request-permission'])).toMatchObject({ status: 'success', permission: 'notifications' })
    pass('request-permission')
    // Granted just before, so the read shows it.
    expect(value(run.results['get-permissions'])).toMatchObject({ status: 'success', permissions: { notifications: true } })
    pass('get-permissions')
    expect(value(run.results['send-haptic-feedback'])).toMatchObject({ status: 'success' })
    pass('send-haptic-feedback')
  })

  test('behavior: share resolves, except with official 1.9.6, whose commandsAsync.share never does', () => {
    if (client === 'official1') {
      expect(run.results.share).toMatchObject({ ok: false, timedOut: true })
      pass('share', false)
      return
    }
    expect(value(run.results.share)).toMatchObject({ status: 'success' })
    pass('share')
  })

  if (client !== 'official1')
    test('behavior: attestation, chat and close-miniapp (official 1.11 and 2.x) are answered', () => {
      const { token } = value<{ token: string }>(run.results.attestation)
      expect(token.split('.')).toHaveLength(3)
      pass('attestation')
      expect(value(run.results.chat)).toMatchObject({ status: 'success', count: 2 })
      pass('chat')
      // 2.x resolves a result of its own (World App never answers); 1.x returns whether it was sent.
      expect(value(run.results['close-miniapp'])).toEqual(v2 ? { status: 'success', version: 1 } : true)
      expect(run.closed).toBe(true)
      pass('close-miniapp')
    })

  if (v2)
    test('behavior: the EIP-1193 provider signs in, signs and sends through the host', async () => {
      const { account, signature, userOpHash } = value<{ account: string; signature: string; userOpHash: string }>(
        run.results.provider,
      )
      expect(account).toBe(wallet.address)
      expect(await signedBy('hi', signature)).toBe(true)
      expect(userOpHash).toMatch(/^0x[0-9a-f]{64}$/)
      pass('EIP-1193 provider')
    })

  test('behavior: a rejected pay reaches the app as the scripted error code', () => {
    // Ours adds Docs and Version lines under the official first line.
    if (v2)
      expect(run.results.rejected).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Payment failed: insufficient_balance(\n|$)/),
      })
    else expect(value(run.results.rejected)).toMatchObject({ status: 'error', error_code: 'insufficient_balance' })
    pass('rejected reply')
  })

  test('behavior: a delayed reply is waited for', async () => {
    const delayed = run.results.delayed
    expect(delayed?.ms).toBeGreaterThanOrEqual(290)
    expect(await signedBy('delayed reply', value(delayed).signature)).toBe(true)
    pass('delayed reply')
  })

  test('behavior: a duplicated reply answers its call once and never the next one', async () => {
    expect(await signedBy('first of two', value(run.results.duplicatedFirst).signature)).toBe(true)
    expect(await signedBy('the next one', value(run.results.duplicatedNext).signature)).toBe(true)
    pass('duplicated reply')
  })

  test('behavior: an older World App installs every client but official 2.0.3, which finds it out of date', () => {
    if (client === 'official2') {
      expect(run.olderInstall).toMatchObject({ success: false, errorCode: 'app_out_of_date' })
      pass(OLDER, false)
      return
    }
    expect(run.olderInstall).toEqual({ success: true })
    pass(OLDER)
  })
})

// Last: every test above recorded its cell.
test('default: COMPATIBILITY.md is the table of these results', async () => {
  const columns = (Object.keys(CLIENTS) as Client[]).flatMap((client) =>
    OSES.map((os) => ({ client, os, title: `${CLIENTS[client].label} ${os === 'ios' ? 'iOS' : 'Android'}` })),
  )
  const header = ['Command', ...columns.map((column) => column.title)]
  const cellOf = (row: Row, client: Client, os: Os) =>
    NOT_OFFERED[client].includes(row) ? '—' : cells.get(`${client}/${os}/${row}`) ? '✓' : '✗'
  const label = (row: Row) => (/^[a-z-]+$/.test(row) ? `\`${row}\`` : row)
  const rows = ROWS.map((row) => [label(row), ...columns.map(({ client, os }) => cellOf(row, client, os))])
  // Padded as Biome formats Markdown tables, so `pnpm lint` and this test agree.
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const markdown = [
    '# Compatibility',
    '',
    '<!-- Generated by e2e/crossClient.test.ts from its results; run `vitest run -u` to refresh. -->',
    '',
    `Every command each client offers, run in headless Chromium against the simulator emulating today's World App`,
    `(build ${WORLD_APP_RELEASES.current}) on iOS and Android. ✓ works, ✗ does not, — not offered by that client.`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    'Known differences:',
    '',
    '- `send-transaction`: the 1.x clients send version 1 (ABI calls; the reply carries `transaction_id` and `reference`);',
    '  the 2.x clients send version 2 (calldata; the reply carries `userOpHash`, `from`, `network`, `timestamp`).',
    "- `share`: official 1.9.6's `commandsAsync.share` never resolves: on iOS it waits for a reply World App does not send,",
    '  on Android its own logging handler replaces the awaiting one.',
    '- `verify`: the 2.x API has no verify command (World ID moved to IDKit); ours keeps it on the 1.x facade.',
    '- `attestation`, `chat` and `close-miniapp` came with official 1.9.9-1.11: official 1.9.6 lacks them; ours has them',
    '  on the 1.x facade too (`MiniKit.commandsAsync.chat`, …). The EIP-1193 provider is 2.x only.',
    `- Older World App (${WORLD_APP_RELEASES.walletAuthV2}): official 2.0.3's install requires attestation, chat and`,
    '  close-miniapp, so it returns `app_out_of_date` there; ours (1.x and 2.x) installs, with those three unavailable.',
    '- The 2.x columns run one page, written for official 2.0.3, bundled against each toolkit with only its import',
    '  specifiers changed (`@worldcoin/minikit-js-2` → `@worldmap/minikit`, `…/commands` likewise).',
    "- Signatures are checked with viem and with both `verifySiweMessage`s (ours and official 2.0.3's); proofs with",
    '  `verifySimulatedProof`.',
    '',
  ].join('\n')
  await expect(markdown).toMatchFileSnapshot('../COMPATIBILITY.md')
})
