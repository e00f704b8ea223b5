import type { Database } from 'firebase-admin/database'
import { type GameConfig, readGameConfig } from '../config/readGameConfig.js'
import type { GameDatabases } from '../database/gameDatabases.js'
import { getServerContext } from '../firebase/getServerContext.js'
import type { ProofVerifier } from '../worldId/ProofVerifier.js'
import { createProofVerifier } from './createProofVerifier.js'

/** What the game callables share, built once per instance. */
export interface GameContext {
  config: GameConfig
  /** The main instance: only global data (nonces, nullifiers, public cards, crowd counters, run bookmarks). */
  database: Database
  /** Every instance: regions, players and the leaderboard routed by the instance table (`createGameDatabases`). */
  databases: GameDatabases
  verifier: ProofVerifier
}

let context: GameContext | undefined

/**
 * The game callables' shared context: their settings, the Admin database
 * (from the functions' server context, which also points firebase-admin at
 * the local database in local mode) and the configured proof verifier.
 * Built on first use, never at import (Firebase loads the module with no
 * runtime environment to discover the functions).
 *
 * @throws {ConfigError} when the environment is invalid (names only, never values).
 *
 * @example
 * ```ts
 * export const collectDrop = onCall({ region }, createCollectDropHandler(() => ({ database: getGameContext().databases })))
 * ```
 */
export function getGameContext(env: Record<string, string | undefined> = process.env): GameContext {
  if (context) return context
  const config = readGameConfig(env)
  const { database, databases } = getServerContext(env)
  context = { config, database, databases, verifier: createProofVerifier(config) }
  return context
}
