import { ConfigError } from '../errors/ConfigError.js'
import { type FunctionsConfig, type FunctionsVariable, resolveFunctionsEnv } from './readFunctionsConfig.js'

export { LOCAL_APP_ORIGINS } from './readFunctionsConfig.js'

/** The settings of the sign-in function (`onRequestCustomToken`). */
export type ServerConfig = Pick<
  FunctionsConfig,
  | 'mode'
  | 'nonceSecret'
  | 'publicIdKey'
  | 'worldchainRpcUrl'
  | 'appOrigins'
  | 'databaseRegions'
  | 'databasePlayers'
  | 'databaseLeaderboards'
  | 'databaseSwitch'
  | 'testClockFile'
>

/** The variables {@link readServerConfig} answers for. */
const serverVariables: readonly FunctionsVariable[] = [
  'WORLDMAP_MODE',
  'WORLDMAP_NONCE_SECRET',
  'WORLDMAP_APP_ORIGINS',
  'WORLDCHAIN_RPC_URL',
  'WORLDMAP_DATABASE_EMULATOR_HOST',
  'WORLDMAP_DATABASE_REGIONS',
  'WORLDMAP_DATABASE_PLAYERS',
  'WORLDMAP_DATABASE_LEADERBOARDS',
  'WORLDMAP_DATABASE_NEXT_REGIONS',
  'WORLDMAP_DATABASE_NEXT_PLAYERS',
  'WORLDMAP_DATABASE_NEXT_LEADERBOARDS',
  'WORLDMAP_DATABASE_SWITCH_DAY',
  'WORLDMAP_TEST_CLOCK_FILE',
]

/**
 * The sign-in settings, validated by the same rules as
 * {@link import('./readFunctionsConfig.js').readFunctionsConfig} but
 * reporting only the variables sign-in needs — `WORLDMAP_NONCE_SECRET`,
 * `WORLDMAP_APP_ORIGINS`, `WORLDCHAIN_RPC_URL` (and the mode) — so a context
 * that needs only these is not held up by the game's settings.
 *
 * @throws {ConfigError} naming the invalid or missing variables and why (never their values).
 * @example
 * ```ts
 * const { nonceSecret, worldchainRpcUrl, appOrigins } = readServerConfig(process.env)
 * ```
 */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const { problems, config } = resolveFunctionsEnv(env)
  const own = problems.filter((problem) => serverVariables.includes(problem.variable as FunctionsVariable))
  if (own.length > 0) throw new ConfigError(own)
  return {
    mode: config.mode,
    nonceSecret: config.nonceSecret,
    // Not one of this function's own variables: without it (checked by the game's functions) the sign-in
    // still works and only leaves out the player's generated name ('' here).
    publicIdKey: config.publicIdKey,
    worldchainRpcUrl: config.worldchainRpcUrl,
    appOrigins: config.appOrigins,
    databaseRegions: config.databaseRegions,
    databasePlayers: config.databasePlayers,
    databaseLeaderboards: config.databaseLeaderboards,
    databaseSwitch: config.databaseSwitch,
    testClockFile: config.testClockFile,
  }
}
