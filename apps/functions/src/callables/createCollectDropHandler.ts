import { collectDropContract } from '@worldmap/game/contract'
import { type CollectDropResult, collectDropInDatabase } from '../database/collectDropInDatabase.js'
import { type Databases, gameDatabasesOf } from '../database/gameDatabases.js'
import { defineCallable } from './defineCallable.js'
import type { CallableHandlerOptions } from './toHttpsError.js'

/** What `collectDrop` needs, resolved when a request arrives. */
export interface CollectDropDependencies {
  /** One instance, or the sharded set: the drop and its claim on their region's instance, the player's data on the main one. */
  database: Databases
  /** Server clock, ms. @default Date.now */
  now?: () => number
}

/**
 * The `collectDrop({ dropId, lat, lng, accuracy, timeZone? })` callable: a
 * verified human within reach (50 m, plus up to 25 m of the reported
 * accuracy), who got there at a human speed and within the collect quota,
 * takes a live drop into their inventory (a public drop, or their own streak
 * reward), finding each spot at most once a day. A drop is collected once, ever: of
 * any number of concurrent calls exactly one wins; a repeat by the winner
 * resolves with the same item (see `collectDropInDatabase`).
 *
 * Resolves `{ itemId, item, distance, firstFind, count, points, progress }`:
 * whether it is the first of its kind × rarity, how many the player has,
 * the weekly-board points it earned (0 unless orb-verified), and the daily
 * progress (`viewProgress`) in the player's stored time zone. `timeZone`
 * (an IANA name, ≤ 64 characters) asks to count days in that zone; the
 * server decides when a change is granted (`recordFind`).
 *
 * The data and reply are `collectDropContract`'s (`@worldmap/game/contract`):
 * types and a safe database key only; ranges (and their typed errors) are
 * `planCollect`'s job.
 *
 * Errors (`details.code` in parentheses): `unauthenticated`
 * (`unauthenticated`), `invalid-argument` (`invalid_request`,
 * `invalid_location`), `permission-denied` (`not_verified`), `not-found`
 * (`drop_not_found`), `already-exists` (`already_collected`,
 * `spot_already_found`: this player found this spot's drop today),
 * `failed-precondition` (`drop_expired`, `location_too_inaccurate`,
 * `impossible_travel` + `details.retryAfterMs`), `out-of-range`
 * (`out_of_reach`), `resource-exhausted` (`rate_limited` +
 * `details.retryAfterMs`); anything else → `internal` (logged).
 *
 * @example
 * ```ts
 * export const collectDrop = onCall({ region: 'asia-southeast1' }, createCollectDropHandler(() => ({
 *   database: getDatabase(),
 * })))
 * ```
 */
export function createCollectDropHandler(dependencies: () => CollectDropDependencies, options: CallableHandlerOptions = {}) {
  return defineCallable(
    collectDropContract,
    {
      run: async ({ uid, data }): Promise<CollectDropResult> => {
        const { database, now = Date.now } = dependencies()
        const time = now()
        // First: a player a table switch moved has their records moved before anything reads them.
        const databases = await gameDatabasesOf(database).forPlayer(uid, time)
        return collectDropInDatabase(databases, { uid, ...data }, time)
      },
    },
    options,
  )
}
