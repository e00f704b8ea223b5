import { BaseError, type BaseErrorParameters } from '../../errors/BaseError.js'

/**
 * A test clock file that cannot be read as `{ "offsetMs": <integer> }`
 * (see {@link readTestClockOffset}): a test wrote it wrong, and every server
 * of the stack would otherwise guess a different time.
 *
 * @example
 * ```ts
 * if (error instanceof TestClockError) console.log(error.code) // 'invalid_test_clock'
 * ```
 */
export class TestClockError extends BaseError {
  override name = 'TestClockError'
  override readonly code = 'invalid_test_clock'

  constructor(parameters: BaseErrorParameters = {}) {
    super('The test clock file is not { "offsetMs": <integer> }.', parameters)
  }
}
