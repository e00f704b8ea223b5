import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * The player's reported position moved faster than a person can travel
 * since their last report (see `travelWaitMs` in `@worldmap/game`).
 * `retryAfterMs` says when the same move would be plausible.
 *
 * @example
 * ```ts
 * if (error instanceof ImpossibleTravelError) console.log(error.code, error.retryAfterMs) // 'impossible_travel', 7196500
 * ```
 */
export class ImpossibleTravelError extends GameError {
  override name = 'ImpossibleTravelError'
  override readonly code = 'impossible_travel'

  constructor(parameters: GameErrorParameters & { retryAfterMs: number }) {
    super('impossible_travel', {
      ...parameters,
      metaMessages: [`Plausible again in: ${Math.ceil(parameters.retryAfterMs / 1000)} s`],
    })
  }
}
