import type { LeaderboardReply } from '@worldmap/game/contract'
import type { AuthUser } from '../auth/createAuthStore.js'
import { getLeaderboard } from './getLeaderboard.js'

type Loader = () => Promise<LeaderboardReply>

// One loader per player: the board hook keys its last board by the loader,
// so the same player gets the same function on every mount.
const loaders = new Map<string, Loader>()

/**
 * Home's leaderboard loader for the signed-in player: `getLeaderboard`.
 * The app never writes the player's name or avatar to their public card:
 * the server takes both from World's usernames service for the player's own
 * wallet (issue 22), so nobody can borrow another player's name.
 *
 * @example
 * ```tsx
 * <LeaderboardSection load={leaderboardLoaderFor(user)} />
 * ```
 */
export function leaderboardLoaderFor(user: Pick<AuthUser, 'uid'>, fetchBoard?: Loader): Loader {
  if (fetchBoard) return fetchBoard
  const known = loaders.get(user.uid)
  if (known) return known
  const loader: Loader = () => getLeaderboard()
  loaders.set(user.uid, loader)
  return loader
}
