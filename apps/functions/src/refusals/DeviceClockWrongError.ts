import { GameError, type GameErrorParameters } from './GameError.js'

/**
 * The sign-in message's times are further from server time than
 * `CLOCK_SKEW_TOLERANCE_MS` (12 hours) allows: the phone's clock is wrong.
 * `onRequestCustomToken` answers it as 401 `device_clock_wrong`, and the app
 * tells the player to set the date and time to automatic.
 *
 * @example
 * ```ts
 * if (error instanceof DeviceClockWrongError) console.log(error.code) // 'device_clock_wrong'
 * ```
 */
export class DeviceClockWrongError extends GameError {
  override name = 'DeviceClockWrongError'
  override readonly code = 'device_clock_wrong'

  constructor(parameters: GameErrorParameters = {}) {
    super('device_clock_wrong', parameters)
  }
}
