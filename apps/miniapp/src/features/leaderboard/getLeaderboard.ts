import { getLeaderboardContract, type LeaderboardReply } from '@worldmap/game/contract'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { readCallableError, wordsOf } from '../../lib/errors/readCallableError.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { LeaderboardError } from './LeaderboardError.js'

/** Calls a callable by name; defaults to the app's Functions client. */
export type CallLeaderboard = (name: typeof getLeaderboardContract.name, data: unknown) => Promise<unknown>

const callGetLeaderboard: CallLeaderboard = (name, data) => callFunction(getClientConfig(), name, data)

/**
 * This week's humans-only leaderboard from the `getLeaderboard` callable,
 * validated with `getLeaderboardContract`'s reply schema. Browser only by default (the Functions SDK loads on first call).
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
export async function getLeaderboard(call: CallLeaderboard = callGetLeaderboard): Promise<LeaderboardReply> {
  let data: unknown
  try {
    data = await call('getLeaderboard', {})
  } catch (error) {
    // The contract's words for the server's reason; without one (an older server, a failed
    // call), the callable code says whether the session was refused.
    const { callableCode, reason } = readCallableError(error)
    const words =
      wordsOf(getLeaderboardContract, reason) ?? (callableCode === 'unauthenticated' ? 'unauthenticated' : 'unavailable')
    throw new LeaderboardError(words, { cause: error })
  }
  const reply = getLeaderboardContract.reply.safeParse(data)
  if (!reply.success) throw new LeaderboardError('malformed_reply', { cause: reply.error })
  return reply.data
}
