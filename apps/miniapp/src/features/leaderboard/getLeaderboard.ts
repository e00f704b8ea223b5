import { getLeaderboardContract, type LeaderboardReply, type RefusalOf } from '@worldmap/game/contract'
import { CallRefusedError, type CallTransport, callContract } from '../../lib/firebase/callContract.js'
import { LeaderboardError, type LeaderboardErrorCode } from './LeaderboardError.js'

/** What home says for each refusal of `getLeaderboard`: a refused session, or a request it could only retry. */
export const LEADERBOARD_REFUSAL_WORDS: Readonly<Record<RefusalOf<typeof getLeaderboardContract>, LeaderboardErrorCode>> = {
  unauthenticated: 'unauthenticated',
  invalid_request: 'unavailable',
}

/** Calls a callable by name; defaults to the app's Functions client. */
export type CallLeaderboard = CallTransport

/**
 * This week's humans-only leaderboard from the `getLeaderboard` callable,
 * through its contract row (`callContract`). Browser only by default (the Functions SDK loads on first call).
 *
 * @throws {LeaderboardError} `unauthenticated` when the session was refused,
 *   `unavailable` when the call failed, `malformed_reply` when the reply is
 *   not a leaderboard.
 * @example
 * ```ts
 * const board = await getLeaderboard()
 * board.entries[0]?.username // 'alice'
 * ```
 */
export async function getLeaderboard(call?: CallLeaderboard): Promise<LeaderboardReply> {
  try {
    return await callContract(getLeaderboardContract, {}, call)
  } catch (error) {
    if (!(error instanceof CallRefusedError)) throw error
    // Home's words for the server's reason; anything else the player can only retry.
    const words =
      error.code === 'malformed_reply'
        ? 'malformed_reply'
        : ((LEADERBOARD_REFUSAL_WORDS as Partial<Record<string, LeaderboardErrorCode>>)[error.code] ?? 'unavailable')
    throw new LeaderboardError(words, { cause: error.cause })
  }
}
