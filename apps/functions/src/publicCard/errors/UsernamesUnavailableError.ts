import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * World's usernames service could not be reached or replied with something
 * that is not a list of usernames (network failure, non-200, bad JSON).
 * `verifyHuman` logs it and still records the verification: the card then
 * shows the generated name until the next successful lookup.
 *
 * @example
 * ```ts
 * if (error instanceof UsernamesUnavailableError) console.log(error.code) // 'usernames_unavailable'
 * ```
 */
export class UsernamesUnavailableError extends GameError {
  override name = 'UsernamesUnavailableError'
  override readonly code = 'usernames_unavailable'

  constructor(parameters: GameErrorParameters = {}) {
    super('The usernames service is unavailable.', parameters)
  }
}
