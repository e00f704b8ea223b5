import * as z from 'zod'
import { ConfigError } from '../errors/ConfigError.js'

/** The functions' validated settings. */
export interface ServerConfig {
  /** HMAC secret shared with `POST /api/sign-nonce`. */
  nonceSecret: string
  /** World Chain JSON-RPC URL for ERC-1271 checks; viem's default when absent. */
  worldchainRpcUrl: string | undefined
}

const envSchema = z.object({
  // 32 characters: at least 128 bits even for a hex secret.
  WORLDMAP_NONCE_SECRET: z.string().min(32),
  WORLDCHAIN_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
})

/**
 * Read and validate the functions' environment.
 *
 * @throws {ConfigError} naming the invalid variables (never their values).
 *
 * @example
 * ```ts
 * const { nonceSecret, worldchainRpcUrl } = readServerConfig(process.env)
 * ```
 */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const normalized = { ...env, WORLDCHAIN_RPC_URL: env.WORLDCHAIN_RPC_URL || undefined }
  const result = envSchema.safeParse(normalized)
  if (!result.success) {
    throw new ConfigError([...new Set(result.error.issues.map((issue) => String(issue.path[0])))])
  }
  return { nonceSecret: result.data.WORLDMAP_NONCE_SECRET, worldchainRpcUrl: result.data.WORLDCHAIN_RPC_URL }
}
