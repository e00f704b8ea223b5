import {
  createEnvReader,
  type EnvReader as GameEnvReader,
  instanceListSchema,
  MAX_REGION_DATABASES,
  regionTableSchema,
  type TableSwitch,
} from '@worldmap/game'
import * as z from 'zod'
import { ConfigError, type ConfigProblem } from '../errors/ConfigError.js'
import { switchDaySchema } from './switchDaySchema.js'

/** `local`: the laptop and the tests (defaults allowed); `production`: every setting explicit. */
export type FunctionsMode = 'local' | 'production'

/** Where World ID proofs are checked. */
export type VerifierConfig =
  /** The host simulator's verifier, for local mode only (its issuer key is public). */
  | { mode: 'simulator' }
  /** The World ID Developer Portal API (production). */
  | { mode: 'developer-portal'; baseUrl: string }

/** The functions' whole validated configuration. */
export interface FunctionsConfig {
  mode: FunctionsMode
  /** HMAC secret shared with `POST /api/sign-nonce`. */
  nonceSecret: string
  /** World Chain JSON-RPC URL for ERC-1271 checks; viem's default when absent (local mode only). */
  worldchainRpcUrl: string | undefined
  /**
   * The app's origins (`URL.origin`, e.g. `https://worldmap.app`): a SIWE
   * message is accepted only when its domain and URI belong to one of them.
   */
  appOrigins: string[]
  /** Secret seed of the deterministic drop spawner: where and what drops spawn. */
  dropSeed: string
  /**
   * HMAC key of the public ids (`publicIdOf`: wallet → public card id). A
   * secret of its own, never the drop seed: rotating the seed must leave every
   * public card valid, and a leaked seed must not link wallets to cards.
   */
  publicIdKey: string
  /** The Developer Portal app id proofs are made for (`app_…`). */
  appId: string
  /** The incognito action `verifyHuman` proofs are made for. */
  verifyAction: string
  verifier: VerifierConfig
  /**
   * Region prefix → database instance URL for regional data (drops, spawn
   * markers, claims); empty: the main instance holds everything
   * (docs/scale.md, "Sharding by region").
   */
  databaseRegions: Readonly<Record<string, string>>
  /**
   * The player instances (`WORLDMAP_DATABASE_PLAYERS`): each player's records
   * on one of them, by a rendezvous hash of the uid; empty: on the main
   * instance (docs/data-model.md, "Database instances").
   */
  databasePlayers: readonly string[]
  /**
   * The leaderboard instances (`WORLDMAP_DATABASE_LEADERBOARDS`): the counter
   * shards round-robin, each week's top and floor on the first; empty: on the
   * main instance.
   */
  databaseLeaderboards: readonly string[]
  /**
   * The table switch (`WORLDMAP_DATABASE_SWITCH_DAY` and the
   * `WORLDMAP_DATABASE_NEXT_REGIONS` / `_NEXT_PLAYERS` / `_NEXT_LEADERBOARDS`
   * tables, an unset one empty, as `pnpm db:migrate` reads them): from that
   * day's 00:00 UTC the functions route new windows, new weeks and, after
   * the grace, players by the next table (`createSwitchedRouter`);
   * `undefined`: no switch.
   */
  databaseSwitch: TableSwitch | undefined
  /**
   * A test stack's clock file (`WORLDMAP_TEST_CLOCK_FILE`, local mode only):
   * every function's "now" is the real time plus its offset
   * (`createTestClock`), so a test can live through days. `undefined`: the real clock.
   */
  testClockFile: string | undefined
}

/**
 * The app's origins when `WORLDMAP_APP_ORIGINS` is not set in local mode:
 * the dev server (`pnpm dev`), by either loopback name.
 */
export const LOCAL_APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const

/** The app id and action the local stack and the miniapp use when none is configured (local mode only). */
export const LOCAL_GAME_DEFAULTS = { appId: 'app_staging_worldmap', verifyAction: 'verify-human' } as const

/** The Developer Portal API in local mode when `WORLDMAP_DEVELOPER_PORTAL_URL` is not set. */
export const DEVELOPER_PORTAL_URL = 'https://developer.worldcoin.org'

/** Every variable the functions read, in the order problems are reported. */
export const FUNCTIONS_VARIABLES = [
  'WORLDMAP_MODE',
  'WORLDMAP_NONCE_SECRET',
  'WORLDMAP_DROP_SEED',
  'WORLDMAP_PUBLIC_ID_KEY',
  'WORLDMAP_APP_ID',
  'WORLDMAP_VERIFY_ACTION',
  'WORLDMAP_APP_ORIGINS',
  'WORLDCHAIN_RPC_URL',
  'WORLDMAP_VERIFIER',
  'WORLDMAP_DEVELOPER_PORTAL_URL',
  'WORLDMAP_DATABASE_EMULATOR_HOST',
  'WORLDMAP_DATABASE_REGIONS',
  'WORLDMAP_DATABASE_PLAYERS',
  'WORLDMAP_DATABASE_LEADERBOARDS',
  'WORLDMAP_DATABASE_NEXT_REGIONS',
  'WORLDMAP_DATABASE_NEXT_PLAYERS',
  'WORLDMAP_DATABASE_NEXT_LEADERBOARDS',
  'WORLDMAP_DATABASE_SWITCH_DAY',
  'WORLDMAP_TEST_CLOCK_FILE',
] as const

/** One of {@link FUNCTIONS_VARIABLES}. */
export type FunctionsVariable = (typeof FUNCTIONS_VARIABLES)[number]

/** More than a handful of origins is a misconfiguration, not a deployment. */
const maxAppOrigins = 16

/**
 * One origin: `http(s)://host[:port]`, optionally with a trailing `/`, and
 * nothing else (no path, query, fragment or user info — the binding is to an
 * origin, and anything extra would suggest a narrower one than is enforced).
 */
const originSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      context.addIssue({ code: 'custom', message: 'not a URL' })
      return z.NEVER
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if (!/^https?:$/.test(url.protocol) || !bare) {
      context.addIssue({ code: 'custom', message: 'not an http(s) origin' })
      return z.NEVER
    }
    return url.origin
  })

const appOriginsSchema = z
  .string()
  .transform((value) => value.split(','))
  .pipe(z.array(originSchema).min(1).max(maxAppOrigins))
  .transform((origins) => [...new Set(origins)])

const modeSchema = z.enum(['local', 'production'])
// 32 characters: at least 128 bits even for a hex secret. Whoever knows the drop seed knows
// where every future drop appears: treat it like a key.
const secretSchema = z.string().min(32)
const appIdSchema = z.string().regex(/^app_[A-Za-z0-9_]{1,64}$/)
const actionSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
const verifierSchema = z.enum(['simulator', 'developer-portal'])
const httpUrlSchema = z.url({ protocol: /^https?$/ })
/** `host:port` — what firebase-admin expects in `FIREBASE_DATABASE_EMULATOR_HOST`. */
const emulatorHostSchema = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/)

/** An absolute path (POSIX or Windows): the emulator's working directory is not the stack's. */
const testClockFileSchema = z.string().regex(/^(\/|[A-Za-z]:\\)/)
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Plain HTTP is acceptable only to this machine (the emulator's stand-ins). */
const isLoopbackUrl = (value: string) => loopbackHosts.has(new URL(value).hostname)

/** The reasons, completing "`VARIABLE` …". */
const reasons = {
  mode: 'must be local or production',
  localDeployed: 'must not be local in a deployed function',
  secret: 'must be at least 32 characters',
  sameAsDropSeed: 'must differ from WORLDMAP_DROP_SEED (one secret must not do both jobs)',
  appId: 'must be a Developer Portal app id (app_ followed by letters, digits or _)',
  action: 'must be an action name (1–64 letters, digits, - or _)',
  origins: `must be 1–${maxAppOrigins} comma-separated http(s) origins (scheme://host[:port], nothing after)`,
  url: 'must be an http(s) URL',
  verifier: 'must be simulator or developer-portal',
  simulator: 'must be developer-portal in production (anyone can mint proofs for the simulator)',
  emulatorHost: 'must be host:port',
  emulatorHostDeployed: 'must not be set in a deployed function',
  regions:
    'must be comma-separated prefix=url pairs (a 1–6 character geohash prefix, once each; an https database URL, http only for a loopback host)',
  regionsDeployed: 'must name https database URLs in a deployed function',
  instances: `must be comma-separated database URLs (at most ${MAX_REGION_DATABASES}, once each; https, http only for a loopback host)`,
  switchDay: 'must be a day, YYYY-MM-DD, from 1970-01-01 to 9999-01-01 (the switch is at its 00:00 UTC)',
  nextWithoutDay: 'must come with WORLDMAP_DATABASE_SWITCH_DAY (when the next table takes effect)',
  testClock: 'must be an absolute file path',
  testClockProduction: "must not be set in production (a test stack's clock: it would move every player's day)",
} as const

/** Production URLs: https, or http to a loopback host under the Functions emulator (`pnpm preview:prod`). */
const productionUrlReason = (emulator: boolean) =>
  emulator ? 'must be an https URL (http only for a loopback host)' : 'must be an https URL'

const productionOriginsReason = (emulator: boolean) =>
  emulator ? 'must be https origins in production (http only for a loopback host)' : 'must be https origins in production'

/** The runtime the environment describes. */
interface Runtime {
  /** Inside the Functions emulator (it sets `FUNCTIONS_EMULATOR=true`, and `K_SERVICE` too). */
  emulator: boolean
  /** A deployed function: Cloud Run sets `K_SERVICE`, and this is not the emulator. */
  deployed: boolean
}

/** What {@link resolveFunctionsEnv} found: the problems, and the values where there were none. */
export interface ResolvedFunctionsEnv {
  mode: FunctionsMode
  problems: ConfigProblem[]
  /** The configuration; meaningful only for the variables without a problem. */
  config: FunctionsConfig
}

/** Reads the functions' environment while collecting its problems (the first reason per variable wins). */
type EnvReader = GameEnvReader<FunctionsVariable>

/** Whether production rules apply: `WORLDMAP_MODE`, else production in a deployed function. */
function resolveProduction(reader: EnvReader, runtime: Runtime): boolean {
  const requestedMode = reader.parse('WORLDMAP_MODE', modeSchema, reasons.mode)
  // An invalid mode is checked as production: the stricter rules report more.
  const mode: FunctionsMode =
    requestedMode ?? (runtime.deployed || reader.read('WORLDMAP_MODE') !== undefined ? 'production' : 'local')
  if (requestedMode === 'local' && runtime.deployed) reader.report('WORLDMAP_MODE', reasons.localDeployed)
  return mode === 'production' || runtime.deployed
}

/** The three secrets, each required and at least 32 characters; the public id key must not be the drop seed. */
function readSecrets(reader: EnvReader) {
  reader.required('WORLDMAP_NONCE_SECRET')
  const nonceSecret = reader.parse('WORLDMAP_NONCE_SECRET', secretSchema, reasons.secret)
  reader.required('WORLDMAP_DROP_SEED')
  const dropSeed = reader.parse('WORLDMAP_DROP_SEED', secretSchema, reasons.secret)
  reader.required('WORLDMAP_PUBLIC_ID_KEY')
  const publicIdKey = reader.parse('WORLDMAP_PUBLIC_ID_KEY', secretSchema, reasons.secret)
  // Compared, never echoed: the reason names the rule, not either value.
  if (publicIdKey !== undefined && publicIdKey === dropSeed) reader.report('WORLDMAP_PUBLIC_ID_KEY', reasons.sameAsDropSeed)
  return { nonceSecret, dropSeed, publicIdKey }
}

/** The verifier, and which settings must be present: all of them in production, the app id for the portal locally. */
function readVerifierAndRequirements(reader: EnvReader, production: boolean) {
  const verifierMode = reader.parse('WORLDMAP_VERIFIER', verifierSchema, reasons.verifier)
  if (production) {
    for (const variable of [
      'WORLDMAP_APP_ID',
      'WORLDMAP_VERIFY_ACTION',
      'WORLDMAP_APP_ORIGINS',
      'WORLDCHAIN_RPC_URL',
      'WORLDMAP_VERIFIER',
      'WORLDMAP_DEVELOPER_PORTAL_URL',
    ] as const)
      reader.required(variable)
    if (verifierMode === 'simulator') reader.report('WORLDMAP_VERIFIER', reasons.simulator)
  } else if (verifierMode === 'developer-portal' || reader.read('WORLDMAP_VERIFIER') === undefined) {
    // Locally the Developer Portal is the default too, and it needs the real app id.
    reader.required('WORLDMAP_APP_ID')
  }
  return verifierMode
}

/** The game's ids and the endpoints it talks to; in production, only over https (loopback http under the emulator). */
function readEndpoints(reader: EnvReader, runtime: Runtime, production: boolean) {
  const appId = reader.parse('WORLDMAP_APP_ID', appIdSchema, reasons.appId)
  const verifyAction = reader.parse('WORLDMAP_VERIFY_ACTION', actionSchema, reasons.action)
  const appOrigins = reader.parse('WORLDMAP_APP_ORIGINS', appOriginsSchema, reasons.origins)
  const worldchainRpcUrl = reader.parse('WORLDCHAIN_RPC_URL', httpUrlSchema, reasons.url)
  const portalUrl = reader.parse('WORLDMAP_DEVELOPER_PORTAL_URL', httpUrlSchema, reasons.url)

  if (production) {
    // Over plain HTTP anyone on the path could forge a chain answer or a proof verdict.
    const secureUrl = (url: string) => url.startsWith('https:') || (runtime.emulator && isLoopbackUrl(url))
    if (worldchainRpcUrl && !secureUrl(worldchainRpcUrl))
      reader.report('WORLDCHAIN_RPC_URL', productionUrlReason(runtime.emulator))
    if (portalUrl && !secureUrl(portalUrl)) reader.report('WORLDMAP_DEVELOPER_PORTAL_URL', productionUrlReason(runtime.emulator))
    if (appOrigins && !appOrigins.every(secureUrl))
      reader.report('WORLDMAP_APP_ORIGINS', productionOriginsReason(runtime.emulator))
  }
  return { appId, verifyAction, appOrigins, worldchainRpcUrl, portalUrl }
}

/** The database emulator host (never when deployed) and the instance tables (https only when deployed). */
function readDatabaseSettings(reader: EnvReader, runtime: Runtime) {
  // The database stand-in's address: never in a deployed function (it would point firebase-admin at no database).
  if (reader.read('WORLDMAP_DATABASE_EMULATOR_HOST') !== undefined) {
    if (runtime.deployed) reader.report('WORLDMAP_DATABASE_EMULATOR_HOST', reasons.emulatorHostDeployed)
    else reader.parse('WORLDMAP_DATABASE_EMULATOR_HOST', emulatorHostSchema, reasons.emulatorHost)
  }

  const current = readTable(reader, runtime, [
    'WORLDMAP_DATABASE_REGIONS',
    'WORLDMAP_DATABASE_PLAYERS',
    'WORLDMAP_DATABASE_LEADERBOARDS',
  ])
  return {
    databaseRegions: current.regions,
    databasePlayers: current.players,
    databaseLeaderboards: current.leaderboards,
    databaseSwitch: readTableSwitch(reader, runtime),
  }
}

/** One table's three variables: regions, players, leaderboards. */
type TableVariables = readonly [FunctionsVariable, FunctionsVariable, FunctionsVariable]

/** A table's region table and instance lists (https only when deployed); `undefined` where unset or invalid. */
function readTable(reader: EnvReader, runtime: Runtime, [regionsVariable, ...listVariables]: TableVariables) {
  const regions = reader.parse(regionsVariable, regionTableSchema, reasons.regions)
  // A loopback stand-in is no database for a deployed function.
  if (regions && runtime.deployed && !Object.values(regions).every((url) => url.startsWith('https:')))
    reader.report(regionsVariable, reasons.regionsDeployed)
  const [players, leaderboards] = listVariables.map((variable) => {
    const urls = reader.parse(variable, instanceListSchema, reasons.instances)
    if (urls && runtime.deployed && !urls.every((url) => url.startsWith('https:')))
      reader.report(variable, reasons.regionsDeployed)
    return urls
  })
  return { regions, players, leaderboards }
}

/** The table switch: the day and the next table (an unset variable an empty list, as the migration tool reads it). */
function readTableSwitch(reader: EnvReader, runtime: Runtime): TableSwitch | undefined {
  const variables = [
    'WORLDMAP_DATABASE_NEXT_REGIONS',
    'WORLDMAP_DATABASE_NEXT_PLAYERS',
    'WORLDMAP_DATABASE_NEXT_LEADERBOARDS',
  ] as const
  const next = readTable(reader, runtime, variables)
  if (reader.read('WORLDMAP_DATABASE_SWITCH_DAY') === undefined) {
    // A next table without a day would never take effect: say so rather than ignore it.
    for (const variable of variables) if (reader.read(variable) !== undefined) reader.report(variable, reasons.nextWithoutDay)
    return undefined
  }
  const at = reader.parse('WORLDMAP_DATABASE_SWITCH_DAY', switchDaySchema, reasons.switchDay)
  if (at === undefined) return undefined
  return { at, next: { regions: next.regions ?? {}, players: next.players ?? [], leaderboards: next.leaderboards ?? [] } }
}

/** A test stack's clock file: local mode only, never deployed (whatever the mode says). */
function readTestClockFile(reader: EnvReader, runtime: Runtime, production: boolean): string | undefined {
  if (reader.read('WORLDMAP_TEST_CLOCK_FILE') === undefined) return undefined
  if (production || runtime.deployed) {
    reader.report('WORLDMAP_TEST_CLOCK_FILE', reasons.testClockProduction)
    return undefined
  }
  return reader.parse('WORLDMAP_TEST_CLOCK_FILE', testClockFileSchema, reasons.testClock)
}

/**
 * Validate every functions variable at once and resolve the configuration,
 * collecting every problem rather than stopping at the first. The one place
 * the rules live: {@link readFunctionsConfig}, `readServerConfig`,
 * `readGameConfig` and `checkFunctionsEnv` all read through it.
 *
 * Mode: `WORLDMAP_MODE`, else `production` in a deployed function and
 * `local` anywhere else (the Functions emulator, tests). `local` is refused
 * in a deployed function. Local mode keeps the laptop's defaults; production
 * requires every setting and refuses the simulator's verifier.
 *
 * @example
 * ```ts
 * const { problems } = resolveFunctionsEnv(process.env)
 * ```
 */
export function resolveFunctionsEnv(env: Record<string, string | undefined>): ResolvedFunctionsEnv {
  const runtime: Runtime = {
    emulator: env.FUNCTIONS_EMULATOR === 'true',
    deployed: Boolean(env.K_SERVICE) && env.FUNCTIONS_EMULATOR !== 'true',
  }
  const reader = createEnvReader(env, FUNCTIONS_VARIABLES)
  // Order matters: the first reason reported for a variable is the one shown.
  const production = resolveProduction(reader, runtime)
  const { nonceSecret, dropSeed, publicIdKey } = readSecrets(reader)
  const verifierMode = readVerifierAndRequirements(reader, production)
  const { appId, verifyAction, appOrigins, worldchainRpcUrl, portalUrl } = readEndpoints(reader, runtime, production)
  const { databaseRegions, databasePlayers, databaseLeaderboards, databaseSwitch } = readDatabaseSettings(reader, runtime)
  const testClockFile = readTestClockFile(reader, runtime, production)

  const mode: FunctionsMode = production ? 'production' : 'local'
  return {
    mode,
    problems: reader.problems(),
    config: {
      mode,
      nonceSecret: nonceSecret ?? '',
      dropSeed: dropSeed ?? '',
      publicIdKey: publicIdKey ?? '',
      appId: appId ?? LOCAL_GAME_DEFAULTS.appId,
      verifyAction: verifyAction ?? LOCAL_GAME_DEFAULTS.verifyAction,
      appOrigins: appOrigins ?? [...LOCAL_APP_ORIGINS],
      worldchainRpcUrl,
      verifier:
        verifierMode === 'simulator'
          ? { mode: 'simulator' }
          : { mode: 'developer-portal', baseUrl: portalUrl ?? DEVELOPER_PORTAL_URL },
      databaseRegions: databaseRegions ?? {},
      databasePlayers: databasePlayers ?? [],
      databaseLeaderboards: databaseLeaderboards ?? [],
      databaseSwitch,
      testClockFile,
    },
  }
}

/**
 * Read and validate the functions' whole environment, once per instance
 * (`onInit` in `index.ts`), reporting every problem at once:
 *
 * | variable | production | local default |
 * | --- | --- | --- |
 * | `WORLDMAP_MODE` | `production` (default when deployed) | `local` |
 * | `WORLDMAP_NONCE_SECRET` | required, ≥ 32 characters (Secret Manager) | required |
 * | `WORLDMAP_DROP_SEED` | required, ≥ 32 characters (Secret Manager) | required |
 * | `WORLDMAP_PUBLIC_ID_KEY` | required, ≥ 32 characters, ≠ the drop seed (Secret Manager) | required |
 * | `WORLDMAP_APP_ID` | required, `app_…` | `app_staging_worldmap` (simulator only) |
 * | `WORLDMAP_VERIFY_ACTION` | required | `verify-human` |
 * | `WORLDMAP_APP_ORIGINS` | required, https origins | {@link LOCAL_APP_ORIGINS} |
 * | `WORLDCHAIN_RPC_URL` | required, https | viem's default RPC |
 * | `WORLDMAP_VERIFIER` | required, `developer-portal` | `developer-portal` |
 * | `WORLDMAP_DEVELOPER_PORTAL_URL` | required, https | {@link DEVELOPER_PORTAL_URL} |
 * | `WORLDMAP_DATABASE_REGIONS` | optional, `prefix=https-url,…` | none: one instance |
 * | `WORLDMAP_DATABASE_PLAYERS` | optional, `https-url,…` | none: players on main |
 * | `WORLDMAP_DATABASE_LEADERBOARDS` | optional, `https-url,…` | none: the leaderboard on main |
 * | `WORLDMAP_DATABASE_SWITCH_DAY` | optional, `YYYY-MM-DD` | none: no table switch |
 * | `WORLDMAP_DATABASE_NEXT_REGIONS` / `_NEXT_PLAYERS` / `_NEXT_LEADERBOARDS` | optional, only with the switch day; as the current ones | empty: that role on main after the switch |
 * | `WORLDMAP_TEST_CLOCK_FILE` | refused | none: the real clock (test stacks set it) |
 *
 * Under the Functions emulator in production mode (`pnpm preview:prod`), the
 * URLs may be plain HTTP to a loopback host.
 *
 * @throws {ConfigError} naming every invalid or missing variable and why (never a value).
 * @example
 * ```ts
 * const { nonceSecret, dropSeed, appOrigins, verifier } = readFunctionsConfig(process.env)
 * ```
 */
export function readFunctionsConfig(env: Record<string, string | undefined>): FunctionsConfig {
  const { problems, config } = resolveFunctionsEnv(env)
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
