import { privateKeyToAccount } from 'viem/accounts'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import type { SimulatorProxy } from '../node/startSimulatorProxy.js'
import type { OpenedApp } from '../playwright/openApp.js'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'
import { HELP_TEXT } from './helpText.js'
import { parseCliArgs } from './parseCliArgs.js'
import { readBehaviourFile } from './readBehaviourFile.js'
import { formatWireJson, formatWireText, type WireLogEntry } from './wireLog.js'

/** Where {@link runCli} writes; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void
  /** Decisions taken in the user's place (e.g. `--headless` falling back to scripted), never failures: those throw. */
  stderr: (text: string) => void
}

/** What {@link runCli} started. `closed` settles when it has stopped; `close()` stops it. */
export type CliRun =
  | { command: 'help'; closed: Promise<void>; close(): Promise<void> }
  | { command: 'open'; app: OpenedApp; closed: Promise<void>; close(): Promise<void> }
  | { command: 'proxy'; proxy: SimulatorProxy; closed: Promise<void>; close(): Promise<void> }

const defaultIo: CliIo = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) }

const walletOf = (config: BrowserSimulatorConfig) => privateKeyToAccount(config.privateKey ?? DEV_WALLET_PRIVATE_KEY).address

function describe(config: BrowserSimulatorConfig): string {
  const wallet = walletOf(config)
  const parts = [`World App on ${config.os ?? 'ios'}`, `${config.mode} mode`, `wallet ${wallet}`]
  if (config.identity?.seed) parts.push(`World ID "${config.identity.seed}"`)
  if (config.worldAppVersion) parts.push(`build ${config.worldAppVersion}`)
  return parts.join(', ')
}

/** `--json`'s first line: what was opened, as whom. */
function openedRecord(url: URL, config: BrowserSimulatorConfig) {
  return {
    type: 'opened',
    time: new Date().toISOString(),
    url: url.href,
    os: config.os ?? 'ios',
    mode: config.mode ?? 'interactive',
    wallet: walletOf(config),
    worldAppVersion: config.worldAppVersion ?? null,
  }
}

/**
 * The `worldmap-simulator` command, callable from code and tests: parses
 * `argv` (without `node` and the script), then opens the app in Chromium or
 * starts the proxy, and returns at once with a handle; the bin waits on
 * `closed`.
 *
 * @throws the CLI's typed errors (InvalidFlagsError, InvalidTargetUrlError,
 *   BehaviourFileError, BrowserNotFoundError, TargetUnreachableError, ProxyStartError)
 * @example
 * ```ts
 * const run = await runCli(['open', '--headless', '--mode', 'scripted', 'http://127.0.0.1:5173/'])
 * if (run.command === 'open') console.log(await run.app.page.title())
 * await run.close()
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<CliRun> {
  const parsed = parseCliArgs(argv)
  if (parsed.command === 'help') {
    io.stdout(HELP_TEXT)
    return { command: 'help', closed: Promise.resolve(), close: async () => {} }
  }
  for (const notice of parsed.notices ?? []) io.stderr(`worldmap-simulator: ${notice}\n`)
  const config: BrowserSimulatorConfig = parsed.behaviourFile
    ? { ...parsed.config, behaviour: await readBehaviourFile(parsed.behaviourFile) }
    : parsed.config

  if (parsed.proxy) {
    // Loaded on use, so --help and flag errors answer without loading Playwright.
    const { startSimulatorProxy } = await import('../node/startSimulatorProxy.js')
    const proxy = await startSimulatorProxy({
      target: parsed.url,
      port: parsed.proxy.port,
      config,
      ignoreHTTPSErrors: parsed.ignoreHTTPSErrors,
    })
    io.stdout(
      `Proxying ${parsed.url.origin} as ${describe(config)}.\n` +
        `Open ${proxy.url} in any browser. Ctrl-C to stop.\n` +
        // The page's origin is now the proxy's: sign-ins name it as their SIWE domain.
        `Sign-in: a backend that checks the SIWE domain must allow ${proxy.origin} (WorldMap's: WORLDMAP_APP_ORIGINS).\n`,
    )
    return { command: 'proxy', proxy, closed: proxy.closed, close: () => proxy.close() }
  }

  // The log: every command the app sends and every reply, printed as it happens, after the "Opened" line.
  const format = parsed.json ? formatWireJson : formatWireText
  let held: WireLogEntry[] | undefined = []
  const onWire = (entry: WireLogEntry) => (held ? held.push(entry) : io.stdout(`${format(entry)}\n`))
  const [{ findBrowser }, { openApp }] = await Promise.all([import('../node/findBrowser.js'), import('../playwright/openApp.js')])
  const app = await openApp({
    url: parsed.url,
    config,
    headless: parsed.headless,
    ignoreHTTPSErrors: parsed.ignoreHTTPSErrors,
    executablePath: findBrowser({ browser: parsed.browser }),
    // The bin closes the app itself on Ctrl-C (see main.ts), and exits 0.
    handleSignals: false,
    onWire,
    ...(parsed.noSandbox ? { noSandbox: true } : {}),
  })
  if (parsed.json) {
    // stdout stays one JSON object per line; the hint for people goes to stderr.
    io.stdout(`${JSON.stringify(openedRecord(parsed.url, config))}\n`)
    io.stderr('worldmap-simulator: close the window or press Ctrl-C to stop.\n')
  } else io.stdout(`Opened ${parsed.url.href} as ${describe(config)}.\nClose the window or press Ctrl-C to stop.\n`)
  const early = held
  held = undefined
  for (const entry of early) onWire(entry)
  return { command: 'open', app, closed: app.closed, close: () => app.close() }
}
