import { ClientConfigError, type ClientConfigProblem } from '../lib/config/ClientConfigError.js'
import { type ClientEnv, type PageLocation, readClientConfig } from '../lib/config/readClientConfig.js'
import { readServerEnv } from './readServerEnv.js'
import { ServerConfigError, type ServerConfigProblem } from './ServerConfigError.js'

export type { ClientConfigProblem } from '../lib/config/ClientConfigError.js'
export type { ServerConfigProblem } from './ServerConfigError.js'

/** A page as players open it: not on this machine. */
const deployedPage: PageLocation = { hostname: 'deploy-check.invalid', origin: 'https://deploy-check.invalid' }

/**
 * Every problem the client build would refuse to run with, for the public
 * environment a deploy is about to build with (`PUBLIC_ENV__*`, e.g. from
 * `apps/miniapp/.env.production`), all at once and ahead of the build: the
 * production rules of {@link readClientConfig} for a page players open (not
 * on this machine), so every required variable must be set, every URL https,
 * and no emulator, demo project or local app id may appear. A deploy must not
 * force local mode. Importable from plain Node (no `import.meta.env`).
 *
 * @param location the page to check for; a loopback page (`pnpm preview:prod`) accepts local endpoints
 * @returns the problems in variable order; `[]` when the build's configuration is complete
 * @example
 * ```ts
 * const problems = checkClientEnv(loadEnv('production', 'apps/miniapp', 'PUBLIC_ENV__'))
 * for (const { variable, reason } of problems) console.error(`${variable} ${reason}`)
 * ```
 */
export function checkClientEnv(env: ClientEnv, location: PageLocation = deployedPage): ClientConfigProblem[] {
  const forcedLocal = env.PUBLIC_ENV__WORLDMAP_MODE?.trim() === 'local'
  const problems: ClientConfigProblem[] = forcedLocal
    ? [{ variable: 'PUBLIC_ENV__WORLDMAP_MODE', reason: 'must be production or unset for a deploy' }]
    : []
  // Checked as production whatever the mode says (an invalid mode is reported as it is).
  const mode = env.PUBLIC_ENV__WORLDMAP_MODE?.trim()
  const asProduction = mode === undefined || mode === '' || forcedLocal ? 'production' : env.PUBLIC_ENV__WORLDMAP_MODE
  try {
    readClientConfig({ ...env, PUBLIC_ENV__WORLDMAP_MODE: asProduction }, location)
  } catch (error) {
    if (!(error instanceof ClientConfigError)) throw error
    problems.push(...error.problems)
  }
  return problems
}

/** Options of {@link checkServerEnv}. */
export interface CheckServerEnvOptions {
  /**
   * Where `WORLDMAP_NONCE_SECRET` comes from in the deploy: `secret-manager`
   * (the default; the env file must not set it) or `env` (checked like the rest).
   */
  secrets?: 'secret-manager' | 'env'
}

/**
 * Every problem the app server would refuse to start with in production, for
 * the environment a deploy ships it (the same variables as the functions':
 * `WORLDMAP_APP_ORIGINS`, the nonce secret), all at once. A deploy must not
 * force local mode. Importable from plain Node.
 *
 * @example
 * ```ts
 * const problems = checkServerEnv(parseEnvFile('apps/functions/.env.worldmap-prod'))
 * ```
 */
export function checkServerEnv(
  env: Record<string, string | undefined>,
  options: CheckServerEnvOptions = {},
): ServerConfigProblem[] {
  const secretManager = (options.secrets ?? 'secret-manager') === 'secret-manager'
  const problems: ServerConfigProblem[] = []
  if (env.WORLDMAP_MODE?.trim() === 'local')
    problems.push({ variable: 'WORLDMAP_MODE', reason: 'must be production or unset for a deploy' })
  if (secretManager && (env.WORLDMAP_NONCE_SECRET ?? '') !== '')
    problems.push({
      variable: 'WORLDMAP_NONCE_SECRET',
      reason: 'is a secret: set it with `firebase functions:secrets:set`, not in an env file',
    })
  try {
    readServerEnv(
      {
        ...env,
        ...(secretManager ? { WORLDMAP_NONCE_SECRET: 'x'.repeat(32) } : {}),
        ...(env.WORLDMAP_MODE?.trim() === 'local' ? { WORLDMAP_MODE: 'production' } : {}),
      },
      { defaultMode: 'production' },
    )
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error
    problems.push(...error.problems)
  }
  return problems
}
