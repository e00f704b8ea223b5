import { GameError, type GameErrorParameters } from '../../refusals/GameError.js'

/**
 * This World ID (its nullifier for our action) already verified another
 * account: one human, one account. The other account is never named.
 *
 * @example
 * ```ts
 * if (error instanceof HumanAlreadyLinkedError) console.log(error.code) // 'human_already_linked'
 * ```
 */
export class HumanAlreadyLinkedError extends GameError {
  override name = 'HumanAlreadyLinkedError'
  override readonly code = 'human_already_linked'

  constructor(parameters: GameErrorParameters = {}) {
    super('This World ID already verified another account.', parameters)
  }
}
