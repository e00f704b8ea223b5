import { ensureDropsNearContract } from '@worldmap/game/contract'
import { readCallableError, wordsOf } from '../../lib/errors/readCallableError.js'
import { SpawnRefusedError } from './SpawnRefusedError.js'

/**
 * Read an `ensureDropsNear` failure as a {@link SpawnRefusedError} when it is
 * a refusal that lifts with time — `rate_limited` (also a bare
 * `resource-exhausted` from an older server), `impossible_travel` or
 * `area_asleep` (unverified spawning in this region is used up) — and
 * `null` for anything else (offline, signed out, a bug), which the map keeps
 * reporting as drops that could not load.
 *
 * @example
 * ```ts
 * ensureDropsNear(center).catch((error) => {
 *   const refusal = toSpawnRefusedError(error)
 *   if (refusal) showNotice(refusal.message)
 *   else onError(error)
 * })
 * ```
 */
export function toSpawnRefusedError(error: unknown): SpawnRefusedError | null {
  if (error instanceof SpawnRefusedError) return error
  const { callableCode, reason, retryAfterMs } = readCallableError(error)
  const options = { cause: error, retryAfterMs }
  // The contract row says which refusals are spawn refusals (their words); the others (`null`) are not.
  const words = wordsOf(ensureDropsNearContract, reason)
  if (words) return new SpawnRefusedError(words, options)
  // An older server sent no reason: its bare `resource-exhausted` was the spawn quota.
  if (reason === undefined && callableCode === 'resource-exhausted') return new SpawnRefusedError('rate_limited', options)
  return null
}
