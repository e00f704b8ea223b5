import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'

/** Stable codes of {@link LeaderboardError}. */
export type LeaderboardErrorCode =
  /** The callable refused the caller's session. */
  | 'unauthenticated'
  /** The call failed: offline, the server down or refusing. */
  | 'unavailable'
  /** The server answered something that is not a leaderboard. */
  | 'malformed_reply'

/** What home shows for each code, in plain words (never the code itself). */
export const leaderboardErrorMessages: Record<LeaderboardErrorCode, string> = {
  unauthenticated: 'Sign in again to see the leaderboard.',
  unavailable: 'The leaderboard could not load. Check your connection and try again.',
  malformed_reply: 'The leaderboard could not be read. Try again in a moment.',
}

/**
 * The weekly leaderboard could not be fetched (`getLeaderboard` failed) or
 * its reply did not match the contract. `code` is stable; `message` is the
 * text home shows next to Try again.
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
