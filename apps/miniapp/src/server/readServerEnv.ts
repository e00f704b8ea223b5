import { avatarOriginsSchema, createEnvReader, type EnvSchema } from '@worldmap/game'
import * as z from 'zod'
import { ServerConfigError } from './ServerConfigError.js'

/** `local`: `vike dev` and the local stack's tests; `production`: every setting explicit. */
export type ServerMode = 'local' | 'production'

/** What the app server reads from its environment. */
export interface ServerEnv {
  mode: ServerMode
  /** HMAC secret shared with the functions (`WORLDMAP_NONCE_SECRET`). */
  nonceSecret: string
  /**
   * The app's public origins (`WORLDMAP_APP_ORIGINS`, the same list the
   * functions bind sign-ins to); in local mode, the dev server's by default.
   */
  appOrigins: string[]
  /** Port of the production server (`PORT`, default 3000). */
  port: number
  /**
   * Where avatars may load from (`WORLDMAP_AVATAR_ORIGINS`, the same list the
   * functions check cards against): the CSP's `img-src` allows just these
   * besides the app's own origin. Default: none.
   */
  avatarOrigins: string[]
  /**
   * A test stack's clock file (`WORLDMAP_TEST_CLOCK_FILE`, local mode only):
   * the sign-in nonce's issue time follows the stack's clock, as the
   * functions do (`createTestClock`). `undefined`: the real clock.
   */
  testClockFile: string | undefined
}

/** Options of {@link readServerEnv}. */
export interface ReadServerEnvOptions {
  /**
   * The mode when `WORLDMAP_MODE` is unset: `pages/+server.ts` passes
   * `production` for a production build and `local` for `vike dev`.
   * @default 'production'
   */
  defaultMode?: ServerMode
}

/** The dev server's origins, by either loopback name (local mode's default). */
export const LOCAL_APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** One origin, `http(s)://host[:port]` and nothing else: the functions' format. */
const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false
    const url = new URL(value)
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    return /^https?:$/.test(url.protocol) && bare
  })
  .transform((value) => new URL(value).origin)

const schemas = {
  WORLDMAP_MODE: z.enum(['local', 'production']),
  // 32 characters: at least 128 bits even for a hex secret.
  WORLDMAP_NONCE_SECRET: z.string().min(32),
  WORLDMAP_APP_ORIGINS: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(originSchema).min(1).max(16))
    .transform((origins) => [...new Set(origins)]),
  PORT: z.coerce.number().int().min(0).max(65535),
  WORLDMAP_AVATAR_ORIGINS: avatarOriginsSchema,
  // Absolute: the server's working directory is not the stack's.
  WORLDMAP_TEST_CLOCK_FILE: z.string().regex(/^(\/|[A-Za-z]:\\)/),
}

const reasons: Record<keyof typeof schemas, string> = {
  WORLDMAP_MODE: 'must be local or production',
  WORLDMAP_NONCE_SECRET: 'is shorter than 32 characters',
  WORLDMAP_APP_ORIGINS: 'must be 1–16 comma-separated http(s) origins (scheme://host[:port], nothing after)',
  PORT: 'must be a port number (0–65535)',
  WORLDMAP_AVATAR_ORIGINS: 'must be up to 8 comma-separated https origins (http only for a loopback host)',
  WORLDMAP_TEST_CLOCK_FILE: 'must be an absolute file path',
}

const secretHint =
  'The app server signs sign-in nonces with the secret it shares with the functions: set it to the same value as theirs (at least 32 characters). ' +
  'In development, start the local stack (tooling/stack) and run the app with its environment.'

/**
 * Validate the server environment, reporting every problem at once:
 *
 * - `WORLDMAP_NONCE_SECRET` (at least 32 characters), required in every mode:
 *   in development the local stack provides it;
 * - `WORLDMAP_APP_ORIGINS` (comma-separated origins, as the functions read
 *   them), required in production, where each must be https (plain HTTP only
 *   for a loopback host, as `pnpm preview:prod` serves); local default
 *   {@link LOCAL_APP_ORIGINS};
 * - `WORLDMAP_MODE` (`local` | `production`, default `options.defaultMode`);
 * - `PORT` (default 3000);
 * - `WORLDMAP_AVATAR_ORIGINS` (comma-separated origins avatars load from; default none);
 * - `WORLDMAP_TEST_CLOCK_FILE` (a test stack's clock file; refused in production).
 *
 * Whether this is a development server is not read from here: the build
 * decides (`import.meta.env.DEV` in `pages/+server.ts`), so no variable can
 * turn development-only routes on in a production build.
 *
 * @throws {ServerConfigError} naming every bad variable and why, never a value
 * @example
 * ```ts
 * const { nonceSecret, appOrigins } = readServerEnv(process.env, { defaultMode: import.meta.env.PROD ? 'production' : 'local' })
 * ```
 */
export function readServerEnv(env: Record<string, string | undefined>, options: ReadServerEnvOptions = {}): ServerEnv {
  const reader = createEnvReader(env, Object.keys(schemas) as (keyof typeof schemas)[])
  // Each variable's own schema: the cast only tells TypeScript what indexing by a generic key loses.
  const read = <K extends keyof typeof schemas>(variable: K) =>
    reader.parse(variable, schemas[variable] as EnvSchema<z.output<(typeof schemas)[K]>>, reasons[variable])

  const requestedMode = read('WORLDMAP_MODE')
  const mode: ServerMode = requestedMode ?? (env.WORLDMAP_MODE?.trim() ? 'production' : (options.defaultMode ?? 'production'))
  const nonceSecret = read('WORLDMAP_NONCE_SECRET')
  reader.required('WORLDMAP_NONCE_SECRET')
  const appOrigins = read('WORLDMAP_APP_ORIGINS')
  if (mode === 'production') {
    reader.required('WORLDMAP_APP_ORIGINS')
    if (appOrigins?.some((origin) => !origin.startsWith('https:') && !loopbackHosts.has(new URL(origin).hostname)))
      reader.report('WORLDMAP_APP_ORIGINS', 'must be https origins in production (http only for localhost)')
  }
  const port = read('PORT')
  const avatarOrigins = read('WORLDMAP_AVATAR_ORIGINS')
  const testClockFile = read('WORLDMAP_TEST_CLOCK_FILE')
  if (testClockFile !== undefined && mode === 'production')
    reader.report(
      'WORLDMAP_TEST_CLOCK_FILE',
      "must not be set in production (a test stack's clock: it would move every player's day)",
    )

  const problems = reader.problems()
  if (problems.length > 0) {
    const hints = reader.has('WORLDMAP_NONCE_SECRET') ? [secretHint] : []
    throw new ServerConfigError(problems, hints)
  }
  return {
    mode,
    nonceSecret: nonceSecret as string,
    appOrigins: appOrigins ?? [...LOCAL_APP_ORIGINS],
    port: port ?? 3000,
    avatarOrigins: avatarOrigins ?? [],
    testClockFile: mode === 'production' ? undefined : testClockFile,
  }
}
