import { parseArgs } from 'node:util'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { parseTargetUrl } from '../node/parseTargetUrl.js'
import { DEFAULT_PROXY_PORT } from '../node/proxyPort.js'
import { InvalidFlagsError } from './errors/InvalidFlagsError.js'
import { walletKeyFromSeed } from './walletKeyFromSeed.js'

export { DEFAULT_PROXY_PORT }

const FLAGS = {
  os: { type: 'string' },
  key: { type: 'string' },
  seed: { type: 'string' },
  identity: { type: 'string' },
  'app-id': { type: 'string' },
  'world-app-version': { type: 'string' },
  position: { type: 'string' },
  mode: { type: 'string' },
  behaviour: { type: 'string' },
  browser: { type: 'string' },
  headless: { type: 'boolean' },
  json: { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  'ignore-https-errors': { type: 'boolean' },
  proxy: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

const isPrivateKey = (key: string) => {
  try {
    privateKeyToAccount(key as Hex)
    return true
  } catch {
    return false
  }
}

const coordinate = (name: string, limit: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= limit, `${name} must be between -${limit} and ${limit}`)

// Errors name the flag and the rule, never the value: --key's value is a secret.
const flagsSchema = z
  .object({
    os: z.enum(['ios', 'android'], { error: 'must be ios or android' }).optional(),
    key: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be a private key: 0x followed by 64 hex digits', abort: true })
      .refine(isPrivateKey, 'is not a valid secp256k1 private key')
      .optional(),
    seed: z.string().trim().min(1, 'must not be empty').optional(),
    identity: z.string().min(1, 'must not be empty').optional(),
    'app-id': z
      .string()
      .regex(/^app_[A-Za-z0-9_]+$/, 'must look like app_… (letters, digits, _)')
      .optional(),
    'world-app-version': z
      .string()
      .regex(/^[1-9]\d*$/, 'must be a positive whole number (a World App build number, e.g. 2087901)')
      .transform(Number)
      .optional(),
    position: z
      .string()
      .transform((value, ctx) => {
        const parts = value.split(',').map((part) => part.trim())
        const lat = coordinate('latitude', 90).safeParse(parts[0])
        const lng = coordinate('longitude', 180).safeParse(parts[1])
        if (parts.length !== 2 || parts.some((part) => part === '') || !lat.success || !lng.success) {
          ctx.addIssue({ code: 'custom', message: 'must be <lat>,<lng> in degrees, e.g. 1.2834,103.8607' })
          return z.NEVER
        }
        return { lat: lat.data, lng: lng.data }
      })
      .optional(),
    mode: z.enum(['interactive', 'scripted'], { error: 'must be interactive or scripted' }).optional(),
    behaviour: z.string().min(1, 'must be a file path').optional(),
    browser: z.string().min(1, 'must be a file path').optional(),
    headless: z.boolean().default(false),
    json: z.boolean().default(false),
    'no-sandbox': z.boolean().optional(),
    'ignore-https-errors': z.boolean().default(false),
    // `--proxy` alone, or the older `--proxy <port>` (kept: it is in scripts already).
    proxy: z
      .string()
      .regex(/^\d*$/, 'takes a port number')
      .transform((value) => ({ port: value === '' ? undefined : Number(value) }))
      .refine(({ port }) => port === undefined || port <= 65535, 'port must be 0–65535')
      .optional(),
    port: z
      .string()
      .regex(/^\d+$/, { error: 'takes a port number', abort: true })
      .transform(Number)
      .refine((port) => port <= 65535, 'port must be 0–65535')
      .optional(),
  })
  // The proxy's pages run in a browser the CLI did not start: it sees none of their messages.
  .refine((flags) => !(flags.json && flags.proxy !== undefined), {
    message: 'prints the log of a browser the CLI opens: the proxy serves pages to a browser it cannot read',
    path: ['json'],
  })
  .refine((flags) => !(flags.key && flags.seed), { message: 'give --key or --seed, not both', path: ['seed'] })
  .refine((flags) => flags.port === undefined || flags.proxy !== undefined, {
    message: "is the proxy's port: use it with --proxy",
    path: ['port'],
  })
  .refine((flags) => flags.port === undefined || flags.proxy?.port === undefined || flags.port === flags.proxy.port, {
    message: 'two different ports: give the port once, with --port',
    path: ['port'],
  })
  // A headless browser shows no sheet, so an interactive command would wait for
  // a click that never comes. Asked for explicitly, that is a command line to fix.
  .refine((flags) => !(flags.headless && flags.mode === 'interactive' && flags.proxy === undefined), {
    message:
      'no one can answer interactive sheets in a browser with no window: use --mode scripted (or --behaviour <file.json>), or drop --headless',
    path: ['headless'],
  })

/** Everything `open` needs, validated. */
export interface OpenCommand {
  command: 'open'
  url: URL
  /** The in-page simulator's configuration, behaviour excepted (read from `behaviourFile`). */
  config: BrowserSimulatorConfig
  behaviourFile?: string
  browser?: string
  headless: boolean
  /** Print the log as one JSON object per line (`--json`), for scripts. */
  json: boolean
  /** Explicit --no-sandbox; otherwise decided by whether we run as root. */
  noSandbox?: boolean
  ignoreHTTPSErrors: boolean
  /** Proxy mode, on this port. */
  proxy?: { port: number }
  /**
   * What the CLI decided in the user's place, one line each, for stderr: today
   * only the scripted fallback of `--headless` without a mode.
   */
  notices?: string[]
}

/** What the command line asks for. */
export type CliCommand = { command: 'help' } | OpenCommand

// parseArgs has no optional option values: `--proxy` followed by anything
// but a port becomes `--proxy=` (the default port, or --port).
function normalise(argv: readonly string[]): string[] {
  return argv.map((arg, i) => (arg === '--proxy' && !/^\d+$/.test(argv[i + 1] ?? '') ? '--proxy=' : arg))
}

const readArgs = (args: string[]) => parseArgs({ args, options: FLAGS, allowPositionals: true, strict: true })

/**
 * Parse and validate `worldmap-simulator` arguments (without `node` and the
 * script): flags with `node:util` parseArgs, values with zod.
 *
 * @throws InvalidFlagsError listing every problem; InvalidTargetUrlError for a bad URL
 * @example
 * ```ts
 * parseCliArgs(['open', 'http://localhost:5173/', '--os', 'android', '--position', '1.28,103.86'])
 * // { command: 'open', url: URL, config: { os: 'android', geolocation: { position: { lat: 1.28, lng: 103.86 } }, mode: 'interactive' }, … }
 * ```
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof readArgs>
  try {
    parsed = readArgs(normalise(argv))
  } catch (cause) {
    // parseArgs' own messages are clear ("Unknown option '--x'…"); keep their first line.
    throw new InvalidFlagsError([String((cause as Error).message).split('\n')[0] ?? 'unreadable arguments'], { cause })
  }
  const { values, positionals } = parsed
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { command: 'help' }

  const issues: string[] = []
  const [command, url, ...extra] = positionals
  if (command !== 'open') issues.push(`unknown command "${command}": the command is open`)
  else if (url === undefined) issues.push('open needs the app URL, e.g. open http://localhost:5173/')
  if (extra.length > 0) issues.push(`unexpected argument "${extra[0]}"`)
  const flags = flagsSchema.safeParse(values)
  if (!flags.success) {
    for (const issue of flags.error.issues) issues.push(`--${issue.path.join('.')}: ${issue.message}`)
  }
  if (issues.length > 0 || !flags.success) throw new InvalidFlagsError(issues)
  const target = parseTargetUrl(url as string)

  const f = flags.data
  const notices: string[] = []
  // Headless with no mode asked for: scripted (every command approved unless
  // --behaviour says otherwise) rather than sheets nobody can see, and say so.
  const headlessFallback = f.headless && !f.mode && !f.behaviour && !f.proxy
  if (headlessFallback) {
    notices.push(
      '--headless: no window to show World App sheets in, so commands are answered in scripted mode ' +
        '(all approved; --behaviour <file.json> to choose the answers).',
    )
  }
  const config: BrowserSimulatorConfig = {
    mode: f.mode ?? (f.behaviour || headlessFallback ? 'scripted' : 'interactive'),
    ...(f.os ? { os: f.os } : {}),
    ...(f.key ? { privateKey: f.key as Hex } : f.seed ? { privateKey: walletKeyFromSeed(f.seed) } : {}),
    ...(f.identity ? { identity: { seed: f.identity } } : {}),
    ...(f['app-id'] ? { appId: f['app-id'] } : {}),
    ...(f['world-app-version'] ? { worldAppVersion: f['world-app-version'] } : {}),
    ...(f.position ? { geolocation: { position: f.position } } : {}),
  }
  return {
    command: 'open',
    url: target,
    config,
    ...(f.behaviour ? { behaviourFile: f.behaviour } : {}),
    ...(f.browser ? { browser: f.browser } : {}),
    headless: f.headless,
    json: f.json,
    ...(f['no-sandbox'] ? { noSandbox: true } : {}),
    ignoreHTTPSErrors: f['ignore-https-errors'],
    ...(f.proxy ? { proxy: { port: f.port ?? f.proxy.port ?? DEFAULT_PROXY_PORT } } : {}),
    ...(notices.length > 0 ? { notices } : {}),
  }
}
