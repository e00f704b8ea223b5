import { ConfigError } from '../errors/ConfigError.js'
import { type FunctionsConfig, type FunctionsVariable, resolveFunctionsEnv } from './readFunctionsConfig.js'

export { LOCAL_GAME_DEFAULTS, type VerifierConfig } from './readFunctionsConfig.js'

/** Settings of the game callables (`ensureDropsNear`, `collectDrop`, `verifyHuman`). */
export type GameConfig = Pick<FunctionsConfig, 'dropSeed' | 'publicIdKey' | 'appId' | 'verifyAction' | 'verifier'>

/** The variables {@link readGameConfig} answers for. */
const gameVariables: readonly FunctionsVariable[] = [
  'WORLDMAP_MODE',
  'WORLDMAP_DROP_SEED',
  'WORLDMAP_PUBLIC_ID_KEY',
  'WORLDMAP_APP_ID',
  'WORLDMAP_VERIFY_ACTION',
  'WORLDMAP_VERIFIER',
  'WORLDMAP_DEVELOPER_PORTAL_URL',
]

/**
 * The game callables' settings, validated by the same rules as
 * {@link import('./readFunctionsConfig.js').readFunctionsConfig} but
 * reporting only the game's variables: `WORLDMAP_DROP_SEED`,
 * `WORLDMAP_PUBLIC_ID_KEY` (a different secret: public card ids must
 * survive a rotation of the seed),
 * `WORLDMAP_VERIFIER`, `WORLDMAP_APP_ID`, `WORLDMAP_VERIFY_ACTION` and
 * `WORLDMAP_DEVELOPER_PORTAL_URL` (and the mode). In local mode the verifier
 * defaults to the Developer Portal (the simulator must be asked for) and the
 * action to `verify-human`; in production all are required and the
 * simulator's verifier is refused: anyone could mint proofs for it.
 *
 * @throws {ConfigError} naming the invalid variables and why (never their values).
 * @example
 * ```ts
 * const { dropSeed, publicIdKey, appId, verifyAction, verifier } = readGameConfig(process.env)
 * ```
 */
export function readGameConfig(env: Record<string, string | undefined>): GameConfig {
  const { problems, config } = resolveFunctionsEnv(env)
  const own = problems.filter((problem) => gameVariables.includes(problem.variable as FunctionsVariable))
  if (own.length > 0) throw new ConfigError(own)
  return {
    dropSeed: config.dropSeed,
    publicIdKey: config.publicIdKey,
    appId: config.appId,
    verifyAction: config.verifyAction,
    verifier: config.verifier,
  }
}
