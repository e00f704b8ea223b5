import * as z from 'zod'
import { ConfigError } from '../errors/ConfigError.js'

/** Where World ID proofs are checked. */
export type VerifierConfig =
  /** The host simulator's verifier, for local mode only (its issuer key is public). */
  | { mode: 'simulator' }
  /** The World ID Developer Portal API (production). */
  | { mode: 'developer-portal'; baseUrl: string }

/** Settings of the game callables (`ensureDropsNear`, `collectDrop`, `verifyHuman`). */
export interface GameConfig {
  /** Secret seed of the deterministic drop spawner. */
  dropSeed: string
  /** The Developer Portal app id proofs are made for (`app_…`). */
  appId: string
  /** The incognito action `verifyHuman` proofs are made for. */
  verifyAction: string
  verifier: VerifierConfig
}

/** The app id and action the local stack and the miniapp use when none is configured. */
export const LOCAL_GAME_DEFAULTS = { appId: 'app_staging_worldmap', verifyAction: 'verify-human' } as const

const DEVELOPER_PORTAL_URL = 'https://developer.worldcoin.org'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const envSchema = z.object({
  // Whoever knows the seed knows where every future drop appears: treat it like a key.
  WORLDMAP_DROP_SEED: z.string().min(32),
  // Production is the default: the simulator must be asked for explicitly.
  WORLDMAP_VERIFIER: optional(z.enum(['simulator', 'developer-portal'])),
  WORLDMAP_APP_ID: optional(z.string().regex(/^app_[A-Za-z0-9_]{1,64}$/)),
  WORLDMAP_VERIFY_ACTION: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  WORLDMAP_DEVELOPER_PORTAL_URL: optional(z.url({ protocol: /^https?$/ })),
})

/**
 * Read and validate the game callables' environment:
 * `WORLDMAP_DROP_SEED` (required, ≥ 32 characters), `WORLDMAP_VERIFIER`
 * (`developer-portal` by default, or `simulator`), `WORLDMAP_APP_ID`
 * (required for the Developer Portal), `WORLDMAP_VERIFY_ACTION`
 * (default `verify-human`) and `WORLDMAP_DEVELOPER_PORTAL_URL`
 * (default `https://developer.worldcoin.org`).
 *
 * The simulator's verifier is refused in a deployed function (`K_SERVICE`
 * set outside the Functions emulator): anyone could mint proofs for it.
 *
 * @throws {ConfigError} naming the invalid variables (never their values).
 *
 * @example
 * ```ts
 * const { dropSeed, appId, verifyAction, verifier } = readGameConfig(process.env)
 * ```
 */
export function readGameConfig(env: Record<string, string | undefined>): GameConfig {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    throw new ConfigError([...new Set(result.error.issues.map((issue) => String(issue.path[0])))])
  }
  const data = result.data
  const mode = data.WORLDMAP_VERIFIER ?? 'developer-portal'
  const deployed = Boolean(env.K_SERVICE) && env.FUNCTIONS_EMULATOR !== 'true'
  if (mode === 'simulator' && deployed) throw new ConfigError(['WORLDMAP_VERIFIER'])
  if (mode === 'developer-portal' && !data.WORLDMAP_APP_ID) throw new ConfigError(['WORLDMAP_APP_ID'])
  return {
    dropSeed: data.WORLDMAP_DROP_SEED,
    appId: data.WORLDMAP_APP_ID ?? LOCAL_GAME_DEFAULTS.appId,
    verifyAction: data.WORLDMAP_VERIFY_ACTION ?? LOCAL_GAME_DEFAULTS.verifyAction,
    verifier: mode === 'simulator' ? { mode } : { mode, baseUrl: data.WORLDMAP_DEVELOPER_PORTAL_URL ?? DEVELOPER_PORTAL_URL },
  }
}
