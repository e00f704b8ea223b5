import type { Database } from 'firebase-admin/database'
import { SpotAlreadyFoundError } from '../refusals/SpotAlreadyFoundError.js'

/**
 * Take a player's find of a spot for the day, before the claim: a
 * transaction on `/spotFinds/{day}/{uid}/{spot}` that writes `dropId` when
 * the node is empty, keeps it when it already names this drop (a retry or a
 * double tap of the same collect), and refuses when it names another drop of
 * the spot (an earlier window's): one find per spot per day, even for two
 * collects racing across a window's end.
 *
 * @throws {SpotAlreadyFoundError} the player found this spot's drop of another window today.
 *
 * @example
 * ```ts
 * await takeSpot(main, databasePaths.spotFind(day, uid, 'w21z73t_1'), 'w21z73t_997459_1')
 * ```
 */
export async function takeSpot(database: Database, path: string, dropId: string): Promise<void> {
  const held: { by?: unknown } = {}
  await database.ref(path).transaction(
    (current: unknown) => {
      held.by = current ?? dropId
      return held.by
    },
    undefined,
    false,
  )
  if (held.by !== dropId) throw new SpotAlreadyFoundError()
}

/**
 * Give a spot back when the claim went to another player after `takeSpot`
 * (only if it still names `dropId`): the player found nothing there, so the
 * spot's next drop is theirs to find. A crash before this leaves the spot
 * taken for the day: lost fun, never a second find.
 *
 * @example
 * ```ts
 * await releaseSpot(main, databasePaths.spotFind(day, uid, 'w21z73t_1'), 'w21z73t_997459_1')
 * ```
 */
export async function releaseSpot(database: Database, path: string, dropId: string): Promise<void> {
  await database.ref(path).transaction((current: unknown) => (current === dropId ? null : current), undefined, false)
}
