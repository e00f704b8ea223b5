import * as z from 'zod'
import { ServerConfigError } from './ServerConfigError.js'

/** What the app server reads from its environment. */
export interface ServerEnv {
  /** HMAC secret shared with the functions (`WORLDMAP_NONCE_SECRET`). */
  nonceSecret: string
  /** Port of the production server (`PORT`, default 3000). */
  port: number
}

const serverEnvSchema = z.object({
  WORLDMAP_NONCE_SECRET: z.string().min(32),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
})

/**
 * Validate the server environment. `WORLDMAP_NONCE_SECRET` (at least 32
 * characters) is required in every mode: production refuses to start
 * without it, and in development the local stack provides it. Whether this
 * is a development server is not read from here: the build decides
 * (`import.meta.env.DEV` in `pages/+server.ts`), so no variable can turn
 * development-only routes on in a production build.
 *
 * @throws {ServerConfigError} naming the variable, never its value
 * @example
 * ```ts
 * const { nonceSecret } = readServerEnv(process.env)
 * ```
 */
export function readServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const parsed = serverEnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const key = String(issue?.path[0] ?? '')
    if (key === 'WORLDMAP_NONCE_SECRET') {
      const problem =
        env.WORLDMAP_NONCE_SECRET === undefined || env.WORLDMAP_NONCE_SECRET === ''
          ? 'is not set'
          : 'is shorter than 32 characters'
      throw new ServerConfigError(
        `WORLDMAP_NONCE_SECRET ${problem}. The app server signs sign-in nonces with the secret it shares with the functions: ` +
          'set it to the same value as theirs (at least 32 characters). In development, start the local stack (tooling/stack) and run the app with its environment.',
      )
    }
    throw new ServerConfigError(`${key}: ${issue?.message ?? 'invalid'}`)
  }
  return {
    nonceSecret: parsed.data.WORLDMAP_NONCE_SECRET,
    port: parsed.data.PORT,
  }
}
