import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * Unverified accounts have spawned all they may in this region (or
 * worldwide) for this window (`CROWD_LIMITS`): the area stays as it is until
 * a verified human wakes it up, or the window ends (`retryAfterMs`).
 *
 * @example
 * ```ts
 * if (error instanceof AreaAsleepError) console.log(error.code, error.retryAfterMs) // 'area_asleep', 600000
 * ```
 */
export class AreaAsleepError extends GameError {
  override name = 'AreaAsleepError'
  override readonly code = 'area_asleep'

  constructor(parameters: GameErrorParameters & { retryAfterMs: number }) {
    super('area_asleep', parameters)
  }
}
