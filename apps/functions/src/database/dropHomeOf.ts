import { databasePaths, parseDropId, parseStreakDropId, spotOfDrop } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/** Where a drop's record and claim live, from its id alone. */
export interface DropHome {
  /** The instance holding the record and the claim: the region's for a public drop, the player's for a streak reward. */
  database: Database
  /** The record a collect reads and the award deletes. */
  recordPath: string
  /** `/claims/{window}/{dropId}`: the "collected once, ever" record. */
  claimPath: string
  /** The window its claim is kept under (a streak reward's: the last of its life). */
  window: number
  /** A public drop's spot, `{cell}_{index}`, on UTC day `day`: each player finds it once that day. `null` for a streak reward. */
  spot: { day: number; key: string } | null
}

/**
 * The home of `dropId` as `uid` collects it, or `null` for an id that is
 * neither a public drop's (`{cell}_{window}_{index}`) nor a streak reward's
 * (`streak_{window}_{token}`). A streak reward is looked up under the
 * caller's own `/streakDrops/{uid}`, so nobody else can collect (or probe)
 * another player's reward: for them it does not exist. Both, and the
 * reward's claim, live on the player's instance (`ofPlayer(uid)`).
 *
 * @example
 * ```ts
 * const home = dropHomeOf(databases, 'w21z73t_997459_3', uid) // region instance, drops/997459/w21z73/…
 * ```
 */
export function dropHomeOf(databases: Databases, dropId: string, uid: string): DropHome | null {
  const { ofCell, ofPlayer } = gameDatabasesOf(databases)
  const address = parseDropId(dropId)
  if (address) {
    return {
      database: ofCell(address.cell, address.window),
      recordPath: databasePaths.drop(address.window, address.watchCell, dropId),
      claimPath: databasePaths.claim(address.window, dropId),
      window: address.window,
      spot: spotOfDrop(dropId),
    }
  }
  const streak = parseStreakDropId(dropId)
  if (!streak) return null
  return {
    database: ofPlayer(uid),
    recordPath: databasePaths.streakDrop(uid, dropId),
    claimPath: databasePaths.claim(streak.window, dropId),
    window: streak.window,
    spot: null,
  }
}
