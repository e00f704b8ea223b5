import { databasePaths } from '@worldmap/game'
import { z } from 'zod/mini'
import { getClientConfig } from '../../lib/config/getClientConfig.js'

/** What other players see of a player on the leaderboard (`/publicProfiles/{publicId}`). */
export interface PublicCard {
  username: string | null
  profilePictureUrl: string | null
}

/** The database operations publishing needs; the app's Firebase database by default. */
export interface PublicCardStore {
  /** One read of a path's value. */
  read(path: string): Promise<unknown>
  /** A multi-field update of one path. */
  update(path: string, fields: Record<string, string>): Promise<void>
}

// The same limits as the rules' `.validate` (database.rules.json), so a card
// the rules would refuse is trimmed here instead of failing the whole update.
const usernameSchema = z.string().check(z.minLength(1), z.maxLength(64))
const pictureSchema = z.string().check(z.maxLength(2048), z.startsWith('https://'))
const publicIdSchema = z.string().check(z.minLength(1))

const defaultStore = (): PublicCardStore => ({
  async read(path) {
    const [{ getFirebaseDatabase }, { onValue, ref }] = await Promise.all([
      import('../../lib/firebase/getFirebaseDatabase.js'),
      import('firebase/database'),
    ])
    const database = getFirebaseDatabase(getClientConfig())
    // The local database stand-in never answers get(): a one-shot listener reads the same value.
    return new Promise((resolve, reject) =>
      onValue(ref(database, path), (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true }),
    )
  },
  async update(path, fields) {
    const [{ getFirebaseDatabase }, { ref, update }] = await Promise.all([
      import('../../lib/firebase/getFirebaseDatabase.js'),
      import('firebase/database'),
    ])
    await update(ref(getFirebaseDatabase(getClientConfig()), path), fields)
  },
})

/**
 * Put the player's username and avatar on their public card, the only thing
 * the leaderboard shows of them. The server keys the card by `publicId` (set
 * when the player verifies) and owns its `verified` flag; the rules let the
 * owner write just these two display fields, never the wallet. Until the
 * player has verified there is no card to write (and no leaderboard entry),
 * so this resolves `false`.
 *
 * @example
 * ```ts
 * await publishPublicCard(user.uid, { username: user.username, profilePictureUrl: user.profilePictureUrl })
 * ```
 */
export async function publishPublicCard(
  uid: string,
  card: PublicCard,
  store: PublicCardStore = defaultStore(),
): Promise<boolean> {
  const publicId = publicIdSchema.safeParse(await store.read(`${databasePaths.profile(uid)}/publicId`))
  if (!publicId.success) return false
  const fields: Record<string, string> = {}
  const username = usernameSchema.safeParse(card.username)
  if (username.success) fields.username = username.data
  const picture = pictureSchema.safeParse(card.profilePictureUrl)
  if (picture.success) fields.profilePictureUrl = picture.data
  if (Object.keys(fields).length === 0) return false
  await store.update(databasePaths.publicProfile(publicId.data), fields)
  return true
}
