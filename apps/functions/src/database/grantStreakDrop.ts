import { databasePaths, type LatLng, progressSchema } from '@worldmap/game'
import { streakDropFor, streakRewardFor } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'

/** What {@link grantStreakDrop} needs. */
export interface GrantStreakDropInput {
  uid: string
  /** Where the player asked from (their checked position report). */
  origin: LatLng
  /** Server time, ms. */
  now: number
  /** Secret seed of the spawner (`WORLDMAP_DROP_SEED`). */
  seed: string
}

/**
 * Give a player their streak reward drop when today is (or becomes with a
 * find) day 3 or day 7 of their streak (`streakRewardFor`), once per local
 * day, and resolve its id, or `null` when none is due or it was given today.
 *
 * A create-only transaction on `/streakRewards/{day}/{uid}` elects the one
 * grant of the day, then `/streakDrops/{uid}` is set to that one drop
 * (`streakDropFor`, 100–250 m from `origin`), replacing any older reward, so
 * the node never holds more than one. Only its player can read it and
 * collect it (`collectDrop` reads it under the caller's own uid). If the
 * process dies between the two writes the reward is lost for the day: lost
 * fun, never a second reward. Everything is on the player's instance
 * (`ofPlayer(uid)`): the progress, the grant and the reward itself.
 *
 * @example
 * ```ts
 * const id = await grantStreakDrop(getDatabase(), { uid, origin: { lat, lng }, now: Date.now(), seed })
 * ```
 */
export async function grantStreakDrop(
  database: Database,
  { uid, origin, now, seed }: GrantStreakDropInput,
): Promise<string | null> {
  const stored: unknown = (await database.ref(databasePaths.progress(uid)).once('value')).val()
  const progress = progressSchema.safeParse(stored)
  const due = streakRewardFor(progress.success ? progress.data : null, now)
  if (due === null) return null
  const { id, drop } = streakDropFor({ seed, uid, origin, due, now })
  const elected = { created: false }
  await database.ref(databasePaths.streakReward(due.day, uid)).transaction(
    (current: unknown) => {
      // Never abort on a guess: propose the grant or write the existing one back.
      elected.created = current === null
      return current === null ? { dropId: id, at: now } : current
    },
    undefined,
    false,
  )
  if (!elected.created) return null
  await database.ref(databasePaths.streakDrops(uid)).set({ [id]: drop })
  return id
}
