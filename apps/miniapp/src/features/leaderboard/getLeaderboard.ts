import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { readCallableError } from '../map/readCallableError.js'
import { LeaderboardError } from './LeaderboardError.js'
import { type LeaderboardReply, leaderboardReplySchema } from './leaderboardReplySchema.js'

/** Calls a callable by name; defaults to the app's Functions client. */
export type CallLeaderboard = (name: 'getLeaderboard', data: unknown) => Promise<unknown>

const callGetLeaderboard: CallLeaderboard = (name, data) => callFunction(getClientConfig(), name, data)

/**
 * This week's humans-only leaderboard from the `getLeaderboard` callable,
 * validated. Browser only by default (the Functions SDK loads on first call).
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
    const refused = readCallableError(error).callableCode === 'unauthenticated'
    throw new LeaderboardError(refused ? 'unauthenticated' : 'unavailable', { cause: error })
  }
  const reply = leaderboardReplySchema.safeParse(data)
  if (!reply.success) throw new LeaderboardError('malformed_reply', { cause: reply.error })
  return reply.data
}
