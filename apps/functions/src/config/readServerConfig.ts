import * as z from 'zod'
import { ConfigError } from '../errors/ConfigError.js'

/** The functions' validated settings. */
export interface ServerConfig {
  /** HMAC secret shared with `POST /api/sign-nonce`. */
  nonceSecret: string
  /** World Chain JSON-RPC URL for ERC-1271 checks; viem's default when absent (never in production). */
  worldchainRpcUrl: string | undefined
  /**
   * The app's origins (`URL.origin`, e.g. `https://worldmap.app`): a SIWE
   * message is accepted only when its domain and URI belong to one of them.
   */
  appOrigins: string[]
}

/**
 * The app's origins when `WORLDMAP_APP_ORIGINS` is not set outside
 * production: the dev server (`pnpm dev`), by either loopback name.
 */
export const LOCAL_APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const

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

const envSchema = z.object({
  // 32 characters: at least 128 bits even for a hex secret.
  WORLDMAP_NONCE_SECRET: z.string().min(32),
  WORLDCHAIN_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  WORLDMAP_APP_ORIGINS: appOriginsSchema.optional(),
})

/**
 * Is this a deployed function? Cloud Run sets `K_SERVICE`; the Functions
 * emulator sets it too, but also `FUNCTIONS_EMULATOR=true`.
 */
function isDeployed(env: Record<string, string | undefined>): boolean {
  return Boolean(env.K_SERVICE) && env.FUNCTIONS_EMULATOR !== 'true'
}

/**
 * Read and validate the functions' environment:
 *
 * - `WORLDMAP_NONCE_SECRET` (required, ≥ 32 characters);
 * - `WORLDMAP_APP_ORIGINS`: comma-separated origins of the app
 *   (`https://worldmap.app,https://www.worldmap.app`), the only ones a
 *   sign-in message may be for. Required when deployed; locally it defaults
 *   to {@link LOCAL_APP_ORIGINS};
 * - `WORLDCHAIN_RPC_URL`: the World Chain JSON-RPC for ERC-1271 checks (World
 *   App wallets are contract wallets). Required when deployed, where viem's
 *   public default would be an unmetered, unmonitored dependency of every sign-in.
 *
 * @throws {ConfigError} naming the invalid or missing variables (never their values).
 *
 * @example
 * ```ts
 * const { nonceSecret, worldchainRpcUrl, appOrigins } = readServerConfig(process.env)
 * ```
 */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const normalized = {
    WORLDMAP_NONCE_SECRET: env.WORLDMAP_NONCE_SECRET,
    WORLDCHAIN_RPC_URL: env.WORLDCHAIN_RPC_URL || undefined,
    WORLDMAP_APP_ORIGINS: env.WORLDMAP_APP_ORIGINS?.trim() || undefined,
  }
  const result = envSchema.safeParse(normalized)
  const invalid = new Set(result.error?.issues.map((issue) => String(issue.path[0])) ?? [])
  if (isDeployed(env)) {
    if (!normalized.WORLDMAP_APP_ORIGINS) invalid.add('WORLDMAP_APP_ORIGINS')
    if (!normalized.WORLDCHAIN_RPC_URL) invalid.add('WORLDCHAIN_RPC_URL')
  }
  if (!result.success || invalid.size > 0) {
    const order = Object.keys(normalized)
    throw new ConfigError([...invalid].sort((a, b) => order.indexOf(a) - order.indexOf(b)))
  }
  return {
    nonceSecret: result.data.WORLDMAP_NONCE_SECRET,
    worldchainRpcUrl: result.data.WORLDCHAIN_RPC_URL,
    appOrigins: result.data.WORLDMAP_APP_ORIGINS ?? [...LOCAL_APP_ORIGINS],
  }
}
