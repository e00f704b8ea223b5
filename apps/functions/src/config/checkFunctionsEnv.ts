import type { ConfigProblem } from '../errors/ConfigError.js'
import { resolveFunctionsEnv } from './readFunctionsConfig.js'

export type { ConfigProblem } from '../errors/ConfigError.js'

/** Options of {@link checkFunctionsEnv}. */
export interface CheckFunctionsEnvOptions {
  /**
   * Where the three secrets come from in the deploy. `secret-manager` (the
   * default): `WORLDMAP_NONCE_SECRET`, `WORLDMAP_DROP_SEED` and
   * `WORLDMAP_PUBLIC_ID_KEY` are bound with
   * `defineSecret`, so the env file must not set them (firebase-tools refuses
   * a name that is both). `env`: check them like any other variable.
   */
  secrets?: 'secret-manager' | 'env'
}

const secretVariables = [
  'WORLDMAP_NONCE_SECRET',
  'WORLDMAP_DROP_SEED',
  'WORLDMAP_PUBLIC_ID_KEY',
  'WORLDMAP_NOTIFICATIONS_API_KEY',
]

/**
 * Every problem a deployed function would refuse to start with, for the
 * environment a deploy is about to ship (e.g. `apps/functions/.env.<project>`),
 * all at once and ahead of the build: the rules of `readFunctionsConfig` as
 * they apply in a deployed function (production mode, https only, no
 * simulator, no emulator settings). Importable from plain Node.
 *
 * @returns the problems, in variable order; `[]` when the deploy's configuration is complete
 * @example
 * ```ts
 * const problems = checkFunctionsEnv(parseEnvFile('apps/functions/.env.worldmap-prod'))
 * for (const { variable, reason } of problems) console.error(`${variable} ${reason}`)
 * ```
 */
export function checkFunctionsEnv(
  env: Record<string, string | undefined>,
  options: CheckFunctionsEnvOptions = {},
): ConfigProblem[] {
  const secretManager = (options.secrets ?? 'secret-manager') === 'secret-manager'
  // Stand in for the secrets Secret Manager will provide, so only the env file's own problems remain
  // (each a different value: the public-id key must differ from the drop seed).
  const standIn = secretManager ? Object.fromEntries(secretVariables.map((name) => [name, name.padEnd(32, 'x')])) : {}
  const { problems } = resolveFunctionsEnv({
    ...env,
    ...standIn,
    // As Cloud Run runs it: deployed, never the emulator.
    K_SERVICE: 'deploy-check',
    FUNCTIONS_EMULATOR: undefined,
  })
  const secretsInFile = secretManager
    ? secretVariables
        .filter((name) => (env[name] ?? '') !== '')
        .map((variable) => ({
          variable,
          reason: 'is a secret: set it with `firebase functions:secrets:set`, not in an env file',
        }))
    : []
  return [...secretsInFile, ...problems]
}
