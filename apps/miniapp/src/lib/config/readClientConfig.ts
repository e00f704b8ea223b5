import { createEnvReader, type EnvReader, instanceListMiniSchema, regionTableMiniSchema } from '@worldmap/game'
import * as z from 'zod/mini'
import { ClientConfigError } from './ClientConfigError.js'
import { isLocalHost } from './isLocalHost.js'

/** Where the page runs; `window.location` in the browser. */
export interface PageLocation {
  hostname: string
  origin: string
}

/** `local`: the laptop, the tests and dev tunnels (the local stack's defaults); `production`: every setting explicit. */
export type ClientMode = 'local' | 'production'

/** Everything the client needs to reach its backends, resolved for one page origin. */
export interface ClientConfig {
  mode: ClientMode
  /** `mode === 'local'`: the local stack's defaults (emulators, the database stand-in, the offline map). */
  localMode: boolean
  /** Developer Portal app id given to `MiniKit.install()`. */
  appId: string
  /** The incognito action World ID proofs are asked for (the functions' `WORLDMAP_VERIFY_ACTION`). */
  verifyAction: string
  firebase: {
    projectId: string
    apiKey: string
    authDomain: string | undefined
    /** The main database instance: players, inventories, leaderboards, and every region without an entry below. */
    databaseURL: string
    /**
     * Geohash prefix → the database instance holding that region's drops
     * (`PUBLIC_ENV__DATABASE_REGIONS`, the functions' `WORLDMAP_DATABASE_REGIONS`;
     * route with `createRegionRouter(databaseURL, databaseRegions)`). Empty: everything is on main.
     */
    databaseRegions: Readonly<Record<string, string>>
    /**
     * The instances sharing the players' records (`PUBLIC_ENV__DATABASE_PLAYERS`,
     * the functions' `WORLDMAP_DATABASE_PLAYERS`): each player's profile,
     * progress, inventory, streak rewards and spot finds on one of them, by a
     * hash of the uid (`createDatabaseRouter`). Empty: on main.
     */
    databasePlayers: readonly string[]
    /**
     * A change of the region and player tables and when it takes effect
     * (`PUBLIC_ENV__DATABASE_SWITCH_DAY`'s 00:00 UTC as `at`, the next tables
     * from `PUBLIC_ENV__DATABASE_NEXT_REGIONS` and `_NEXT_PLAYERS`; the
     * functions' `WORLDMAP_DATABASE_SWITCH_DAY` and `…_NEXT_*`), or `null`:
     * one table for good. Route with `createSwitchedRouter(databaseURL,
     * { regions: databaseRegions, players: databasePlayers }, databaseSwitch)`.
     * An unset next variable is an empty table (that data on main), as the functions read it.
     */
    databaseSwitch: DatabaseSwitch | null
  }
  /** Callable functions region (spec §9: asia-southeast1). */
  region: string
  /** Auth emulator origin in local mode (or a local production run), else `null`. */
  authEmulatorUrl: string | null
  /** Functions emulator `{host, port}` in local mode (or a local production run), else `null`. */
  functionsEmulator: { host: string; port: number } | null
  /** `POST {nonce}` → `{status: 'OK', signedNonce}` on our own server. */
  signNonceUrl: string
  /** `GET onRequestCustomToken?payload&nonce&signedNonce` → `{customToken}`. */
  customTokenUrl: string
  /** Base URL of the usernames service (`POST {base}/api/v1/query`). */
  usernamesUrl: string
  /**
   * World Chain JSON-RPC for the SDK's on-chain reads (orb proof compression):
   * the stack's local chain in local mode, so nothing reaches for the internet;
   * the configured one in production.
   */
  worldchainRpcUrl: string
  /**
   * The map's MapLibre style document, or `null` for the built-in offline
   * style: the default in local mode (a laptop's map needs no internet), and
   * in production what `PUBLIC_ENV__MAP_STYLE_URL=offline` asks for.
   */
  mapStyleUrl: string | null
}

/** The app's side of a table switch (`TableSwitch` of `@worldmap/game`, without the leaderboards the app never reads). */
export interface DatabaseSwitch {
  /** The switch day's 00:00 UTC, ms since the epoch. */
  at: number
  next: { regions: Readonly<Record<string, string>>; players: readonly string[] }
}

const text = z.string().check(z.trim(), z.minLength(1))
/** `YYYY-MM-DD` → its 00:00 UTC, as the functions read `WORLDMAP_DATABASE_SWITCH_DAY`. */
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`)
/**
 * A calendar day from 1970 to 9998 (the router takes a switch between 1970
 * and 9999; `Date.parse` rolls 02-30 over to March, the round trip does not).
 */
const isSwitchDay = (day: string) =>
  /^\d{4}-\d\d-\d\d$/.test(day) && day < '9999' && midnightOf(day) >= 0 && new Date(midnightOf(day)).toISOString().startsWith(day)
const regionTable = z.string().check(z.refine((value) => regionTableMiniSchema.safeParse(value).success))
const instanceList = z.string().check(z.refine((value) => instanceListMiniSchema.safeParse(value).success))
const regionTableReason =
  'must be comma-separated prefix=URL pairs (a 1–6 character geohash prefix, each prefix once; an https database URL)'
const instanceListReason = 'must be comma-separated database URLs (https, each once, at most 32)'
const url = z.url()

/** The format of each `PUBLIC_ENV__*` variable the client reads, and the reason given when a value does not fit. */
const variables = {
  PUBLIC_ENV__WORLDMAP_MODE: [z.enum(['local', 'production']), 'must be local or production'],
  PUBLIC_ENV__APP_ID: [z.string().check(z.regex(/^app_[A-Za-z0-9_]+$/)), 'must be a Developer Portal app id (app_…)'],
  PUBLIC_ENV__VERIFY_ACTION: [
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
    'must be an action name (1–64 letters, digits, - or _)',
  ],
  PUBLIC_ENV__FIREBASE_PROJECT_ID: [z.string().check(z.regex(/^[a-z0-9-]{4,40}$/)), 'must be a Firebase project id'],
  PUBLIC_ENV__FIREBASE_API_KEY: [text, 'must not be blank'],
  PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: [text, 'must not be blank'],
  PUBLIC_ENV__FIREBASE_DATABASE_URL: [url, 'must be a URL'],
  PUBLIC_ENV__DATABASE_REGIONS: [regionTable, regionTableReason],
  PUBLIC_ENV__DATABASE_PLAYERS: [instanceList, instanceListReason],
  PUBLIC_ENV__DATABASE_NEXT_REGIONS: [regionTable, regionTableReason],
  PUBLIC_ENV__DATABASE_NEXT_PLAYERS: [instanceList, instanceListReason],
  PUBLIC_ENV__DATABASE_SWITCH_DAY: [z.string().check(z.refine(isSwitchDay)), 'must be a day, YYYY-MM-DD'],
  PUBLIC_ENV__FUNCTIONS_REGION: [z.string().check(z.regex(/^[a-z]+-[a-z]+\d$/)), 'must be a region like asia-southeast1'],
  PUBLIC_ENV__AUTH_EMULATOR_URL: [url, 'must be a URL'],
  PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: [url, 'must be a URL'],
  PUBLIC_ENV__DATABASE_EMULATOR_URL: [url, 'must be a URL'],
  PUBLIC_ENV__CUSTOM_TOKEN_URL: [url, 'must be a URL'],
  PUBLIC_ENV__USERNAMES_URL: [url, 'must be a URL'],
  PUBLIC_ENV__WORLDCHAIN_RPC_URL: [url, 'must be a URL'],
  PUBLIC_ENV__MAP_STYLE_URL: [z.union([z.literal('offline'), url]), 'must be an https URL or offline'],
  PUBLIC_ENV__DEV_TUNNEL_HOSTS: [z.string(), ''],
} as const satisfies Record<string, readonly [z.ZodMiniType, string]>

type Variable = keyof typeof variables

/** The public environment (`PUBLIC_ENV__*`), unset variables `undefined`. */
export type ClientEnv = Partial<Record<Variable, string | undefined>>

/** Every variable the client reads, in the order problems are reported. */
export const CLIENT_VARIABLES = Object.keys(variables) as Variable[]

/** Required in production: guessing any of them would sign players into the wrong app, project or chain. */
const requiredInProduction: readonly Variable[] = [
  'PUBLIC_ENV__APP_ID',
  'PUBLIC_ENV__VERIFY_ACTION',
  'PUBLIC_ENV__FIREBASE_PROJECT_ID',
  'PUBLIC_ENV__FIREBASE_API_KEY',
  'PUBLIC_ENV__FIREBASE_DATABASE_URL',
  'PUBLIC_ENV__MAP_STYLE_URL',
  'PUBLIC_ENV__USERNAMES_URL',
  'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
]

/** Production URLs that must be https (or plain HTTP to this machine, from a page on this machine). */
const productionUrls: readonly Variable[] = [
  'PUBLIC_ENV__FIREBASE_DATABASE_URL',
  'PUBLIC_ENV__CUSTOM_TOKEN_URL',
  'PUBLIC_ENV__USERNAMES_URL',
  'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
]

/** The variables naming region or player instances (a region table or an instance list). */
const instanceVariables = [
  'PUBLIC_ENV__DATABASE_REGIONS',
  'PUBLIC_ENV__DATABASE_PLAYERS',
  'PUBLIC_ENV__DATABASE_NEXT_REGIONS',
  'PUBLIC_ENV__DATABASE_NEXT_PLAYERS',
] as const

const emulatorUrls: readonly Variable[] = [
  'PUBLIC_ENV__AUTH_EMULATOR_URL',
  'PUBLIC_ENV__FUNCTIONS_EMULATOR_URL',
  'PUBLIC_ENV__DATABASE_EMULATOR_URL',
]

/** The local stack's defaults (`tooling/stack` dev ports, project `demo-worldmap`): local mode only. */
export const LOCAL_DEFAULTS = {
  appId: 'app_staging_worldmap',
  verifyAction: 'verify-human',
  projectId: 'demo-worldmap',
  apiKey: 'demo-api-key',
  region: 'asia-southeast1',
  authEmulatorUrl: 'http://127.0.0.1:9099',
  functionsEmulatorUrl: 'http://127.0.0.1:5001',
  databaseEmulatorUrl: 'http://127.0.0.1:9000',
  worldchainRpcUrl: 'http://127.0.0.1:8545',
} as const

/**
 * A good production map style: OpenFreeMap's free, keyless vector style. Not
 * a fallback: production sets `PUBLIC_ENV__MAP_STYLE_URL` explicitly (this, another
 * style, or `offline`); it stays the map component's default.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** `PUBLIC_ENV__MAP_STYLE_URL=offline`: the built-in generated style, chosen on purpose. */
export const OFFLINE_MAP_STYLE = 'offline'

const trimSlash = (value: string) => value.replace(/\/+$/, '')

/** Loopback hosts: this machine, where plain HTTP (emulators, a local tile server) is acceptable. */
const isLoopback = (hostname: string) => isLocalHost(hostname, [])
/**
 * A name that is this machine: loopback, or any `*.localhost` name (RFC 6761;
 * Chromium resolves them to loopback). `pnpm preview:prod` puts its database
 * on such a name so the handshake can move the socket to a sibling shard host
 * (docs/realtime.md); only a page on this machine may use one.
 */
const isLoopbackName = (hostname: string) => isLoopback(hostname) || hostname.toLowerCase().endsWith('.localhost')

/**
 * Validate the public environment and resolve every backend URL for the page
 * at `location`, reporting every problem at once.
 *
 * Mode: `PUBLIC_ENV__WORLDMAP_MODE`, else the page's host decides (a loopback
 * host or a `PUBLIC_ENV__DEV_TUNNEL_HOSTS` host is local). Local mode defaults
 * to the local stack — the Auth and Functions emulators, the database
 * stand-in, our own `/api/dev/usernames` route, the offline map style — so
 * nothing reaches the internet. Production has no defaults but the region
 * and the custom token URL: the app id, verify action, Firebase web config,
 * map style, usernames service and World Chain RPC must all be set, as https
 * URLs. The emulator URLs are honoured in production only when they are
 * loopback URLs and the page is on a loopback host too (`pnpm preview:prod`),
 * so a deployed page can never talk to an emulator.
 *
 * @throws {ClientConfigError} naming every invalid or missing variable and why (never a value)
 * @example
 * ```ts
 * const config = readClientConfig(readPublicEnv(), window.location)
 * await fetch(config.signNonceUrl, { method: 'POST', body: JSON.stringify({ nonce }) })
 * ```
 */
export function readClientConfig(env: ClientEnv, location: PageLocation): ClientConfig {
  const reader = createEnvReader(env, CLIENT_VARIABLES)
  const { report } = reader
  const e = validateVariables(reader)
  // An invalid mode is checked as production: the stricter rules report more.
  const mode = resolveMode(e, reader.has('PUBLIC_ENV__WORLDMAP_MODE'), location)
  const localMode = mode === 'local'
  const loopbackPage = isLoopback(location.hostname)

  checkMapStyle(e, localMode || loopbackPage, report)
  if (!localMode) {
    // Production talks to real services: a default would sign players into the wrong app or project.
    for (const variable of requiredInProduction) if (!e[variable]) reader.required(variable)
    checkProductionUrls(e, loopbackPage, report)
    checkEmulatorUrls(e, loopbackPage, report)
    if (!loopbackPage) checkDeployedValues(e, report)
  }
  // A next table without its day would never take effect: say so rather than read it as no switch.
  if (!e.PUBLIC_ENV__DATABASE_SWITCH_DAY)
    for (const variable of instanceVariables.slice(2))
      if (e[variable]) report(variable, 'is set without PUBLIC_ENV__DATABASE_SWITCH_DAY')

  const problems = reader.problems()
  if (problems.length > 0) throw new ClientConfigError(problems)
  return resolveClientConfig(e, mode, location)
}

/** Records a variable's problem; the first reason per variable wins. */
type Report = EnvReader<Variable>['report']

/** The set variables that fit their format, trimmed; the others reported (an empty variable is an unset one). */
function validateVariables(reader: EnvReader<Variable>): ClientEnv {
  const e: ClientEnv = {}
  for (const variable of CLIENT_VARIABLES) {
    const [schema, reason] = variables[variable]
    if (reader.parse(variable, schema, reason) !== undefined) e[variable] = reader.read(variable)?.trim()
  }
  return e
}

/** `PUBLIC_ENV__WORLDMAP_MODE`, else local on a loopback or dev tunnel host; production when the mode is invalid. */
function resolveMode(e: ClientEnv, invalidMode: boolean, location: PageLocation): ClientMode {
  const tunnels = (e.PUBLIC_ENV__DEV_TUNNEL_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
  const requestedMode = e.PUBLIC_ENV__WORLDMAP_MODE as ClientMode | undefined
  return requestedMode ?? (invalidMode || !isLocalHost(location.hostname, tunnels) ? 'production' : 'local')
}

/**
 * The style document and everything it names is fetched by every player's browser: HTTPS,
 * except a tile server on the developer's own machine, for a page on a developer's machine.
 */
function checkMapStyle(e: ClientEnv, developerMachine: boolean, report: Report) {
  const styleUrl = e.PUBLIC_ENV__MAP_STYLE_URL
  if (!styleUrl || styleUrl === OFFLINE_MAP_STYLE) return
  if (isInsecure(styleUrl, (hostname) => developerMachine && isLoopback(hostname))) {
    report(
      'PUBLIC_ENV__MAP_STYLE_URL',
      developerMachine ? 'must be an https URL (http only for localhost) or offline' : 'must be an https URL or offline',
    )
  }
}

/** Neither https nor plain HTTP to a host `httpHost` accepts. */
function isInsecure(value: string, httpHost: (hostname: string) => boolean): boolean {
  const target = new URL(value)
  return target.protocol !== 'https:' && !(target.protocol === 'http:' && httpHost(target.hostname))
}

/** Production URLs are https, plain HTTP only to this machine from a page on this machine; region and player instances alike. */
function checkProductionUrls(e: ClientEnv, loopbackPage: boolean, report: Report) {
  for (const variable of productionUrls) {
    const value = e[variable]
    if (value && isInsecure(value, (hostname) => loopbackPage && isLoopbackName(hostname)))
      report(variable, loopbackPage ? 'must be an https URL (http only for localhost)' : 'must be an https URL')
  }
  // Region and player instances, now and after a switch, are databases like the main one: the same rule for each URL.
  for (const variable of instanceVariables) {
    const value = e[variable]
    if (!value) continue
    const urls = variable.endsWith('REGIONS')
      ? Object.values(regionTableMiniSchema.parse(value))
      : instanceListMiniSchema.parse(value)
    if (urls.some((instance) => isInsecure(instance, (hostname) => loopbackPage && isLoopbackName(hostname)))) {
      report(variable, loopbackPage ? 'must hold https URLs only (http only for localhost)' : 'must hold https URLs only')
    }
  }
}

/** In production an emulator URL is honoured only on this machine, from a page on this machine. */
function checkEmulatorUrls(e: ClientEnv, loopbackPage: boolean, report: Report) {
  for (const variable of emulatorUrls) {
    const value = e[variable]
    if (!value) continue
    if (!loopbackPage) report(variable, 'must not be set outside local mode (an emulator is never on a deployed page)')
    else if (!isLoopback(new URL(value).hostname)) report(variable, 'must be a localhost URL (an emulator on this machine)')
  }
}

/** The switch the variables describe, or `null` without a switch day (valid variables only). */
function switchOf(e: ClientEnv): DatabaseSwitch | null {
  const day = e.PUBLIC_ENV__DATABASE_SWITCH_DAY
  return day
    ? { at: midnightOf(day), next: tablesOf(e.PUBLIC_ENV__DATABASE_NEXT_REGIONS, e.PUBLIC_ENV__DATABASE_NEXT_PLAYERS) }
    : null
}

/** A region table and a player list from their (valid) variables; unset is empty, everything on main. */
function tablesOf(regions: string | undefined, players: string | undefined): DatabaseSwitch['next'] {
  return {
    regions: regions ? regionTableMiniSchema.parse(regions) : {},
    players: players ? instanceListMiniSchema.parse(players) : [],
  }
}

/** What only the emulators know: a deployed page on these would reach nothing real. */
function checkDeployedValues(e: ClientEnv, report: Report) {
  if (e.PUBLIC_ENV__FIREBASE_PROJECT_ID?.startsWith('demo-'))
    report('PUBLIC_ENV__FIREBASE_PROJECT_ID', 'must not be a demo- project (they exist only in the emulators)')
  if (e.PUBLIC_ENV__APP_ID === LOCAL_DEFAULTS.appId) report('PUBLIC_ENV__APP_ID', 'must not be the local stack’s staging app id')
}

/** The configuration from valid variables: the local stack's defaults in local mode, only what is set in production. */
function resolveClientConfig(e: ClientEnv, mode: ClientMode, location: PageLocation): ClientConfig {
  const localMode = mode === 'local'
  // Local mode: every emulator, defaulted; production: only those configured (checked above).
  const emulator = (variable: Variable, fallback: string) =>
    localMode ? trimSlash(e[variable] ?? fallback) : e[variable] ? trimSlash(e[variable]) : null
  const authEmulatorUrl = emulator('PUBLIC_ENV__AUTH_EMULATOR_URL', LOCAL_DEFAULTS.authEmulatorUrl)
  const functionsOrigin = emulator('PUBLIC_ENV__FUNCTIONS_EMULATOR_URL', LOCAL_DEFAULTS.functionsEmulatorUrl)
  const databaseOrigin = emulator('PUBLIC_ENV__DATABASE_EMULATOR_URL', LOCAL_DEFAULTS.databaseEmulatorUrl)
  const functionsUrl = functionsOrigin ? new URL(functionsOrigin) : null
  const projectId = e.PUBLIC_ENV__FIREBASE_PROJECT_ID ?? LOCAL_DEFAULTS.projectId
  const region = e.PUBLIC_ENV__FUNCTIONS_REGION ?? LOCAL_DEFAULTS.region
  const styleUrl = e.PUBLIC_ENV__MAP_STYLE_URL
  const current = tablesOf(e.PUBLIC_ENV__DATABASE_REGIONS, e.PUBLIC_ENV__DATABASE_PLAYERS)

  return {
    mode,
    localMode,
    appId: e.PUBLIC_ENV__APP_ID ?? LOCAL_DEFAULTS.appId,
    verifyAction: e.PUBLIC_ENV__VERIFY_ACTION ?? LOCAL_DEFAULTS.verifyAction,
    firebase: {
      projectId,
      apiKey: e.PUBLIC_ENV__FIREBASE_API_KEY ?? LOCAL_DEFAULTS.apiKey,
      authDomain: e.PUBLIC_ENV__FIREBASE_AUTH_DOMAIN,
      // The database stand-in serves the namespace named by `ns`, like the RTDB emulator.
      databaseURL: databaseOrigin ? `${databaseOrigin}/?ns=${projectId}` : (e.PUBLIC_ENV__FIREBASE_DATABASE_URL as string),
      databaseRegions: current.regions,
      databasePlayers: current.players,
      databaseSwitch: switchOf(e),
    },
    region,
    authEmulatorUrl,
    functionsEmulator: functionsUrl ? { host: functionsUrl.hostname, port: Number(functionsUrl.port || 80) } : null,
    signNonceUrl: `${location.origin}/api/sign-nonce`,
    customTokenUrl:
      e.PUBLIC_ENV__CUSTOM_TOKEN_URL ??
      (functionsOrigin
        ? `${functionsOrigin}/${projectId}/${region}/onRequestCustomToken`
        : `https://${region}-${projectId}.cloudfunctions.net/onRequestCustomToken`),
    usernamesUrl: trimSlash(e.PUBLIC_ENV__USERNAMES_URL ?? `${location.origin}/api/dev/usernames`),
    worldchainRpcUrl: e.PUBLIC_ENV__WORLDCHAIN_RPC_URL ?? LOCAL_DEFAULTS.worldchainRpcUrl,
    mapStyleUrl: styleUrl === undefined || styleUrl === OFFLINE_MAP_STYLE ? null : styleUrl,
  }
}
