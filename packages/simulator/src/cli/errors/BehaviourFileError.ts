import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The `--behaviour` file cannot be used: unreadable, not JSON, or not a map
 * of wire command names to behaviours (`outcome`, `errorCode`, `delay`,
 * `duplicate`). `issues` says where, e.g. `pay.delay: must be a whole number of ms ≥ 0`.
 *
 * @example
 * ```ts
 * await readBehaviourFile('behaviour.json').catch((error) => {
 *   if (error instanceof BehaviourFileError) console.error(error.issues)
 * })
 * ```
 */
export class BehaviourFileError extends BaseError {
  override name = 'BehaviourFileError'
  override readonly code = 'cli_behaviour_file_invalid'
  readonly path: string
  readonly issues: readonly string[]
  constructor(path: string, issues: readonly string[], parameters: BaseErrorParameters = {}) {
    super(`Cannot use the behaviour file ${path}.`, { metaMessages: [...issues], ...parameters })
    this.path = path
    this.issues = Object.freeze([...issues])
  }
}
