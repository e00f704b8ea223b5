import type { Database } from 'firebase-admin/database'
import type { CallableRequest } from 'firebase-functions/v2/https'
import { ensureDropsInDatabase } from '../database/ensureDropsInDatabase.js'
import type { Drop } from '../game/dropSchema.js'
import { ensureDropsNear } from '../game/ensureDropsNear.js'
import { UnauthenticatedError } from '../game/errors/UnauthenticatedError.js'
import { type CallableHandlerOptions, toHttpsError } from './toHttpsError.js'

/** What `ensureDropsNear` needs, resolved when a request arrives. */
export interface EnsureDropsNearDependencies {
  database: Database
  /** Secret seed of the spawner (`WORLDMAP_DROP_SEED`). */
  seed: string
  /** Server clock, ms. @default Date.now */
  now?: () => number
}

/** `ensureDropsNear`'s reply: the collectable drops around the player. */
export interface EnsureDropsNearResult {
  drops: Drop[]
}

/**
 * The `ensureDropsNear({ lat, lng })` callable: spawns the current window's
 * deterministic drops of the player's map cell and its neighbours (writing
 * only those not stored yet) and replies with the ones still collectable
 * (unclaimed, not expired). Asking again in the same window spawns nothing
 * new, so an area cannot be farmed.
 *
 * `dependencies` is resolved per request: settings are read when the
 * function runs, not when Firebase loads the module to discover it.
 *
 * Errors: not signed in → `unauthenticated`; not a `{ lat, lng }` →
 * `invalid-argument` (`details.code` = `invalid_location`); anything else →
 * `internal` (logged).
 *
 * @example
 * ```ts
 * export const ensureDropsNear = onCall({ region: 'asia-southeast1' }, createEnsureDropsNearHandler(() => ({
 *   database: getDatabase(),
 *   seed: readGameConfig(process.env).dropSeed,
 * })))
 * ```
 */
export function createEnsureDropsNearHandler(
  dependencies: () => EnsureDropsNearDependencies,
  options: CallableHandlerOptions = {},
) {
  return async (request: Pick<CallableRequest, 'auth' | 'data'>): Promise<EnsureDropsNearResult> => {
    try {
      if (!request.auth?.uid) throw new UnauthenticatedError()
      const { database, seed, now = Date.now } = dependencies()
      const time = now()
      const drops = ensureDropsNear(request.data, time, { seed })
      return { drops: await ensureDropsInDatabase(database, drops, time) }
    } catch (error) {
      throw toHttpsError(error, 'ensureDropsNear', options.log)
    }
  }
}
