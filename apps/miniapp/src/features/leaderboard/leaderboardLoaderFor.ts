import type { AuthUser } from '../auth/createAuthStore.js'
import { getLeaderboard } from './getLeaderboard.js'
import type { LeaderboardReply } from './leaderboardReplySchema.js'
import { type PublicCardStore, publishPublicCard } from './publishPublicCard.js'

type Loader = () => Promise<LeaderboardReply>

// One loader per player and card: the board hook keys its last board by the
// loader, so the same player gets the same function on every mount.
const loaders = new Map<string, Loader>()

/**
 * Home's leaderboard loader for the signed-in player: the first fetch of a
 * session first puts the player's username and avatar on their public card
 * (the board shows them by it), then asks `getLeaderboard`. A card that
 * cannot be written is logged and tried again on the next fetch; it never
 * keeps the board from loading.
 *
 * @example
 * ```tsx
 * <LeaderboardSection load={leaderboardLoaderFor(user)} />
 * ```
 */
export function leaderboardLoaderFor(
  user: Pick<AuthUser, 'uid' | 'username' | 'profilePictureUrl'>,
  fetchBoard: Loader = () => getLeaderboard(),
  store?: PublicCardStore,
): Loader {
  const key = `${user.uid}\n${user.username ?? ''}\n${user.profilePictureUrl ?? ''}`
  const known = loaders.get(key)
  if (known && !store) return known
  let published = false
  const loader: Loader = async () => {
    if (!published) {
      try {
        // Not verified yet (no card, `false`): try again next time, the player may verify meanwhile.
        published = await publishPublicCard(
          user.uid,
          { username: user.username, profilePictureUrl: user.profilePictureUrl },
          store,
        )
      } catch (error) {
        console.warn('Could not update your leaderboard name', error)
      }
    }
    return fetchBoard()
  }
  if (!store) loaders.set(key, loader)
  return loader
}
