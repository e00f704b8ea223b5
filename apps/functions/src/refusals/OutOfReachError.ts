import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * The player is farther from the drop than the collection reach allows.
 * Carries the measured distance and the allowed reach, both in metres.
 *
 * @example
 * ```ts
 * if (error instanceof OutOfReachError) console.log(`${error.distance} m > ${error.reach} m`)
 * ```
 */
export class OutOfReachError extends GameError {
  override name = 'OutOfReachError'
  override readonly code = 'out_of_reach'
  /** Distance from the player to the drop, metres (rounded to 0.1 m). */
  readonly distance: number
  /** The reach that was allowed for this request, metres. */
  readonly reach: number

  constructor(parameters: GameErrorParameters & { distance: number; reach: number }) {
    const { distance, reach, ...rest } = parameters
    const rounded = Math.round(distance * 10) / 10
    super('out_of_reach', {
      ...rest,
      metaMessages: [`Distance: ${rounded} m`, `Reach: ${reach} m`],
    })
    this.distance = rounded
    this.reach = reach
  }
}
