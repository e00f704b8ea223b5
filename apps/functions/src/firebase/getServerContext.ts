import { createTestClock } from '@worldmap/game/server'
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { type Database, getDatabase } from 'firebase-admin/database'
import { type Chain, type Client, createPublicClient, http, type Transport } from 'viem'
import { worldchain } from 'viem/chains'
import * as z from 'zod'
import { readServerConfig, type ServerConfig } from '../config/readServerConfig.js'
import { createGameDatabases, type GameDatabases } from '../database/gameDatabases.js'
import { ConfigError } from '../errors/ConfigError.js'
import { openAdminDatabase } from './openAdminDatabase.js'

/** What every function needs, built once per instance on first use. */
export interface ServerContext {
  config: ServerConfig
  /** The main instance: nonces, nullifiers, public cards, crowd counters (and every role without instances of its own). */
  database: Database
  /**
   * Every instance: regions by `WORLDMAP_DATABASE_REGIONS`, players and the
   * leaderboard by `_PLAYERS` / `_LEADERBOARDS`, and from
   * `WORLDMAP_DATABASE_SWITCH_DAY` on by the `_NEXT_` tables (a call's entry
   * point moves its player first: `databases.forPlayer`).
   */
  databases: GameDatabases
  mintCustomToken(uid: string): Promise<string>
  /**
   * The server's clock, ms since the epoch: `Date.now`, or a test stack's
   * clock (`WORLDMAP_TEST_CLOCK_FILE`, local mode only). Every function's
   * "now" comes from here, so a test moves them all at once.
   */
  now: () => number
  /** World Chain client for ERC-1271 checks, when `WORLDCHAIN_RPC_URL` is set (always when deployed; locally viem's default RPC otherwise). */
  worldchainClient: Client<Transport, Chain> | undefined
}

let context: ServerContext | undefined

/** `host:port` — what firebase-admin expects in `FIREBASE_DATABASE_EMULATOR_HOST`. */
const emulatorHostSchema = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/)

/**
 * Locally the database is a stand-in the Functions emulator does not know
 * about, and it refuses `FIREBASE_*` names in `.env` files; the stack passes
 * `WORLDMAP_DATABASE_EMULATOR_HOST` instead, handed to firebase-admin here
 * (which then authenticates as the emulator's `owner`). Never set in production.
 */
function useLocalDatabase(env: Record<string, string | undefined>): void {
  const host = env.WORLDMAP_DATABASE_EMULATOR_HOST
  if (!host || process.env.FIREBASE_DATABASE_EMULATOR_HOST) return
  if (!emulatorHostSchema.safeParse(host).success) throw new ConfigError(['WORLDMAP_DATABASE_EMULATOR_HOST'])
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = host
}

/**
 * The functions' shared context. Built lazily because Firebase loads the
 * module to discover the functions, with no runtime environment: reading or
 * validating settings at import time would break deploys and the emulator.
 * Locally, firebase-admin finds the Auth emulator and the database stand-in
 * through `FIREBASE_AUTH_EMULATOR_HOST` / `FIREBASE_DATABASE_EMULATOR_HOST`.
 *
 * @throws {ConfigError} when the environment is invalid (names only, never values).
 *
 * @example
 * ```ts
 * const { database, databases, config } = getServerContext()
 * databases.ofCell('w21z73', window).ref('drops') // the region's instance of that spawn window
 * ```
 */
export function getServerContext(env: Record<string, string | undefined> = process.env): ServerContext {
  if (context) return context
  const config = readServerConfig(env)
  useLocalDatabase(env)
  const app = getApps()[0] ?? initializeApp()
  const auth = getAuth(app)
  const database = getDatabase(app)
  const now = createTestClock(config.testClockFile)
  context = {
    config,
    database,
    databases: createGameDatabases(
      database,
      { regions: config.databaseRegions, players: config.databasePlayers, leaderboards: config.databaseLeaderboards },
      (url) => openAdminDatabase(app, url),
      // The switch (if any) routes by the same clock as every function's now.
      { change: config.databaseSwitch, now },
    ),
    mintCustomToken: (uid) => auth.createCustomToken(uid),
    now,
    worldchainClient: config.worldchainRpcUrl
      ? createPublicClient({ chain: worldchain, transport: http(config.worldchainRpcUrl, { timeout: 10_000, retryCount: 3 }) })
      : undefined,
  }
  return context
}
