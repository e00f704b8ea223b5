import { databasePaths, displayNameOf, isRefusedName } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import type { WorldUsername } from './lookUpWorldUsername.js'
import { allowedAvatarOf } from './publicCardOf.js'

/** What {@link writePublicCard} needs. */
export interface WritePublicCardDependencies {
  /** World's usernames service for one wallet, or `null` when none is configured (local mode). */
  lookUp: ((address: string) => Promise<WorldUsername>) | null
  /** The origins avatars may come from. */
  avatarOrigins: readonly string[]
}

/**
 * Write the name and avatar of `publicId`'s card from World's usernames
 * service, looked up by the server for the player's own wallet (`address`,
 * the uid): a name that {@link displayNameOf} refuses and an avatar from an
 * origin not in `avatarOrigins` are not stored (the fields are removed, so
 * the board shows the generated name and the default avatar), and a refused
 * name drops the avatar of the same lookup too ({@link isRefusedName}, see
 * `publicCardOf`). Clients cannot
 * write these fields (database.rules.json). Resolves what was stored.
 *
 * @throws {import('./errors/UsernamesUnavailableError.js').UsernamesUnavailableError} the lookup failed (nothing written).
 * @example
 * ```ts
 * await writePublicCard(database, { address: uid, publicId }, { lookUp, avatarOrigins: ['https://cdn.world.test'] })
 * ```
 */
export async function writePublicCard(
  database: Database,
  player: { address: string; publicId: string },
  dependencies: WritePublicCardDependencies,
): Promise<WorldUsername> {
  const world = dependencies.lookUp ? await dependencies.lookUp(player.address) : { username: null, profilePictureUrl: null }
  const stored = {
    username: displayNameOf(world.username),
    profilePictureUrl: isRefusedName(world.username)
      ? null
      : allowedAvatarOf(world.profilePictureUrl, dependencies.avatarOrigins),
  }
  // update() with null removes a field: a name World no longer gives, or one refused now, is not kept.
  await database.ref(databasePaths.publicProfile(player.publicId)).update(stored)
  return stored
}
