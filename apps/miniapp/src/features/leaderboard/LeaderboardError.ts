import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'
import { leaderboardEn } from '../../lib/i18n/catalogues/en/leaderboard.js'

/** Stable codes of {@link LeaderboardError}. */
export type LeaderboardErrorCode =
  /** The callable refused the caller's session. */
  | 'unauthenticated'
  /** The call failed: offline, the server down or refusing. */
  | 'unavailable'
  /** The server answered something that is not a leaderboard. */
  | 'malformed_reply'

/**
 * Each code in plain English words (never the code itself), for `message` and
 * the logs; home shows `leaderboard.error.<code>` in the player's language.
 */
export const leaderboardErrorMessages: Record<LeaderboardErrorCode, string> = {
  unauthenticated: leaderboardEn['leaderboard.error.unauthenticated'],
  unavailable: leaderboardEn['leaderboard.error.unavailable'],
  malformed_reply: leaderboardEn['leaderboard.error.malformed_reply'],
}

/**
 * The weekly leaderboard could not be fetched (`getLeaderboard` failed) or
 * its reply did not match the contract. `code` is stable; `message` is the
 * English of what home shows next to Try again.
 *
 * @example
 * ```ts
 * throw new LeaderboardError('malformed_reply', { cause: parsed.error })
 * ```
 */
export class LeaderboardError extends CodedError<LeaderboardErrorCode> {
  override name = 'LeaderboardError'

  constructor(code: LeaderboardErrorCode, options?: CodedErrorOptions) {
    super(code, leaderboardErrorMessages, options)
  }
}
