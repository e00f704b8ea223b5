import * as z from 'zod/mini'
import { ClientConfigError } from './ClientConfigError.js'
import { isLocalHost } from './isLocalHost.js'

/** Where the page runs; `window.location` in the browser. */
export interface PageLocation {
  hostname: string
  origin: string
}

/** Everything the client needs to reach its backends, resolved for one page origin. */
export interface ClientConfig {
  /** Loopback or dev tunnel host: Auth/Functions emulators and the local database. */
  localMode: boolean
  /** Developer Portal app id given to `MiniKit.install()`. */
  appId: string
  firebase: { projectId: string; apiKey: string; authDomain: string | undefined; databaseURL: string }
  /** Callable functions region (spec §9: asia-southeast1). */
  region: string
  /** Auth emulator origin in local mode, else `null`. */
  authEmulatorUrl: string | null
  /** Functions emulator `{host, port}` in local mode, else `null`. */
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
   * `undefined` outside local mode unless configured (the SDK's default RPC).
   */
  worldchainRpcUrl: string | undefined
  /**
   * The map's MapLibre style document, or `null` for the built-in offline
   * style: local mode draws offline unless a style is configured, so a
   * laptop's map needs no internet; elsewhere the default is
   * {@link DEFAULT_MAP_STYLE_URL}.
   */
  mapStyleUrl: string | null
}

const optionalText = z.optional(z.string().check(z.trim(), z.minLength(1)))
const optionalUrl = z.optional(z.url())

/** Loopback hosts, where a plain-HTTP style server (a local tile server) is acceptable. */
const isLoopbackUrl = (url: URL) => isLocalHost(url.hostname, [])

// The style document and everything it names is fetched by every player's
// browser: HTTPS, except a tile server on the developer's own machine.
const styleUrl = z.optional(
  z.url().check(
    z.refine((value) => {
      // Checks run on after z.url() fails too: a non-URL is already reported.
      const url = URL.canParse(value) ? new URL(value) : null
      return url === null || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))
    }, 'must be an https URL (http only for localhost)'),
  ),
)

/** The `PUBLIC_ENV__*` variables the client reads; every one is optional with a local default. */
const clientEnvSchema = z.object({
  PUBLIC_ENV__APP_ID: z.optional(z.string().check(z.regex(/^app_[A-Za-z0-9_]+$/))),
  PUBLIC_ENV__FIREBASE_PROJECT_ID: z.optional(z.string().check(z.regex(/^[a-z0-9-]{4,40}$/))),
  PUBLIC_ENV__FIREBASE_API_KEY: optionalText,
  PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: optionalText,
  PUBLIC_ENV__FIREBASE_DATABASE_URL: optionalUrl,
  PUBLIC_ENV__FUNCTIONS_REGION: z.optional(z.string().check(z.regex(/^[a-z]+-[a-z]+\d$/))),
  PUBLIC_ENV__AUTH_EMULATOR_URL: optionalUrl,
  PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: optionalUrl,
  PUBLIC_ENV__DATABASE_EMULATOR_URL: optionalUrl,
  PUBLIC_ENV__CUSTOM_TOKEN_URL: optionalUrl,
  PUBLIC_ENV__USERNAMES_URL: optionalUrl,
  PUBLIC_ENV__WORLDCHAIN_RPC_URL: optionalUrl,
  PUBLIC_ENV__MAP_STYLE_URL: styleUrl,
  PUBLIC_ENV__DEV_TUNNEL_HOSTS: z.optional(z.string()),
})

/** The public environment (`PUBLIC_ENV__*`), unset variables `undefined`. */
export type ClientEnv = Partial<Record<keyof z.infer<typeof clientEnvSchema>, string | undefined>>

/** The local stack's defaults (`tooling/stack` dev ports, project `demo-worldmap`). */
export const LOCAL_DEFAULTS = {
  appId: 'app_staging_worldmap',
  projectId: 'demo-worldmap',
  apiKey: 'demo-api-key',
  region: 'asia-southeast1',
  authEmulatorUrl: 'http://127.0.0.1:9099',
  functionsEmulatorUrl: 'http://127.0.0.1:5001',
  databaseEmulatorUrl: 'http://127.0.0.1:9000',
  worldchainRpcUrl: 'http://127.0.0.1:8545',
} as const

/** The map style outside local mode unless configured: OpenFreeMap's free, keyless vector style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** World's usernames service, used outside local mode unless configured. */
const WORLD_USERNAMES_URL = 'https://usernames.worldcoin.org'

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * Validate the public environment and resolve every backend URL for the page
 * at `location`. Local mode (a loopback host or a configured dev tunnel host)
 * defaults to the local stack: the Auth and Functions emulators, the database
 * stand-in, our own `/api/dev/usernames` route and the offline map style, so
 * nothing reaches the internet. Elsewhere the Firebase web config must be given explicitly.
 *
 * @throws {ClientConfigError} naming the first invalid or missing variable
 * @example
 * ```ts
 * const config = readClientConfig({ PUBLIC_ENV__APP_ID: 'app_123' }, window.location)
 * await fetch(config.signNonceUrl, { method: 'POST', body: JSON.stringify({ nonce }) })
 * ```
 */
export function readClientConfig(env: ClientEnv, location: PageLocation): ClientConfig {
  const parsed = clientEnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ClientConfigError(`Invalid public configuration: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  const e = parsed.data
  const tunnels = (e.PUBLIC_ENV__DEV_TUNNEL_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
  const localMode = isLocalHost(location.hostname, tunnels)
  const projectId = e.PUBLIC_ENV__FIREBASE_PROJECT_ID ?? LOCAL_DEFAULTS.projectId
  const region = e.PUBLIC_ENV__FUNCTIONS_REGION ?? LOCAL_DEFAULTS.region

  if (!localMode) {
    // Production talks to real Firebase: guessing these would sign users into the wrong project.
    for (const key of [
      'PUBLIC_ENV__FIREBASE_PROJECT_ID',
      'PUBLIC_ENV__FIREBASE_API_KEY',
      'PUBLIC_ENV__FIREBASE_DATABASE_URL',
    ] as const) {
      if (!e[key]) throw new ClientConfigError(`Missing public configuration: ${key} is required outside local mode`)
    }
  }

  const functionsOrigin = trimSlash(e.PUBLIC_ENV__FUNCTIONS_EMULATOR_URL ?? LOCAL_DEFAULTS.functionsEmulatorUrl)
  const functionsUrl = new URL(functionsOrigin)
  const databaseOrigin = trimSlash(e.PUBLIC_ENV__DATABASE_EMULATOR_URL ?? LOCAL_DEFAULTS.databaseEmulatorUrl)

  return {
    localMode,
    appId: e.PUBLIC_ENV__APP_ID ?? LOCAL_DEFAULTS.appId,
    firebase: {
      projectId,
      apiKey: e.PUBLIC_ENV__FIREBASE_API_KEY ?? LOCAL_DEFAULTS.apiKey,
      authDomain: e.PUBLIC_ENV__FIREBASE_AUTH_DOMAIN,
      // The database stand-in serves the namespace named by `ns`, like the RTDB emulator.
      databaseURL: localMode ? `${databaseOrigin}/?ns=${projectId}` : (e.PUBLIC_ENV__FIREBASE_DATABASE_URL as string),
    },
    region,
    authEmulatorUrl: localMode ? trimSlash(e.PUBLIC_ENV__AUTH_EMULATOR_URL ?? LOCAL_DEFAULTS.authEmulatorUrl) : null,
    functionsEmulator: localMode ? { host: functionsUrl.hostname, port: Number(functionsUrl.port || 80) } : null,
    signNonceUrl: `${location.origin}/api/sign-nonce`,
    customTokenUrl:
      e.PUBLIC_ENV__CUSTOM_TOKEN_URL ??
      (localMode
        ? `${functionsOrigin}/${projectId}/${region}/onRequestCustomToken`
        : `https://${region}-${projectId}.cloudfunctions.net/onRequestCustomToken`),
    usernamesUrl: trimSlash(
      e.PUBLIC_ENV__USERNAMES_URL ?? (localMode ? `${location.origin}/api/dev/usernames` : WORLD_USERNAMES_URL),
    ),
    worldchainRpcUrl: e.PUBLIC_ENV__WORLDCHAIN_RPC_URL ?? (localMode ? LOCAL_DEFAULTS.worldchainRpcUrl : undefined),
    mapStyleUrl: e.PUBLIC_ENV__MAP_STYLE_URL ?? (localMode ? null : DEFAULT_MAP_STYLE_URL),
  }
}
