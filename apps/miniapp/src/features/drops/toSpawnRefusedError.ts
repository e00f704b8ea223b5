import { ensureDropsNearContract } from '@worldmap/game/contract'
import { refusalOf } from '../../lib/firebase/callContract.js'
import { isSpawnRefusal, SpawnRefusedError } from './SpawnRefusedError.js'

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
  // The refusals that lift with time are spawn notices; the others are not. An older server's bare
  // `resource-exhausted` reads as the first the row lists for it: the spawn quota.
  const refusal = refusalOf(ensureDropsNearContract, error)
  if (!isSpawnRefusal(refusal.code)) return null
  return new SpawnRefusedError(refusal.code, { cause: refusal.cause ?? error, retryAfterMs: refusal.retryAfterMs })
}
