import type { DatabaseRouter } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'

/** `/moves` entries read (and deleted) per page: each is a few dozen bytes. */
const PAGE = 500

/** A `/moves/{uid}` entry left where it is, and why. */
export interface KeptMove {
  instance: string
  uid: string
  reason: 'move unfinished' | 'arrived off its home' | 'gone from its home' | 'unreadable'
}

/** What {@link cleanMoves} did. */
export interface CleanReport {
  /** Entries deleted, over every instance. */
  deleted: number
  /** Entries kept: each says the migration or the table is not finished (see {@link KeptMove}). */
  kept: KeptMove[]
}

/**
 * Remove the move records a finished table switch left behind: the
 * `arrived` markers on the players' new instances and the `gone` tombstones
 * on their old ones (`movePlayer`), ~50 bytes each, one per moved player.
 *
 * Only once the switch is over, i.e. `router` is the table the functions
 * route by with no switch: while a switch is live, a function moves a player
 * on each first call, and the marker is what makes that a no-op (without it,
 * the move would copy the old instance's nothing over the new records).
 *
 * An entry is deleted only when it agrees with `router`: `arrived` on the
 * player's home, `gone` anywhere else. One that does not (the table was not
 * promoted to the switch's next table, or a move never finished: `copying`)
 * is kept and reported, so a wrong table never loses the evidence of where a
 * player's records went. Pages of 500, one multi-path delete per page.
 * Only the instances `router` names are visited: an instance retired by the
 * switch keeps its tombstones until it is deleted.
 *
 * @example
 * ```ts
 * const { deleted, kept } = await cleanMoves(createDatabaseRouter(MAIN, table), open)
 * ```
 */
export async function cleanMoves(router: DatabaseRouter, open: (url: string) => Database): Promise<CleanReport> {
  const report: CleanReport = { deleted: 0, kept: [] }
  for (const instance of router.all) {
    const database = open(instance)
    let after: string | null = null
    for (;;) {
      const base = database.ref('moves').orderByKey()
      // startAt and one more, not startAfter: the database stand-in (firebase-server) has no startAfter.
      const query = (after === null ? base : base.startAt(after)).limitToFirst(PAGE + 1)
      const page = ((await query.once('value')).val() as Record<string, unknown> | null) ?? {}
      const keys = Object.keys(page).sort()
      const uids = keys.filter((uid) => uid !== after)
      const deletions: Record<string, null> = {}
      for (const uid of uids) {
        const reason = keepReason(router, instance, uid, page[uid])
        if (reason) report.kept.push({ instance, uid, reason })
        else deletions[uid] = null
      }
      if (Object.keys(deletions).length > 0) await database.ref('moves').update(deletions)
      report.deleted += Object.keys(deletions).length
      if (keys.length < PAGE + 1 || uids.length === 0) break
      after = uids.at(-1) as string
    }
  }
  return report
}

/** Why `/moves/{uid}` on `instance` must stay, or `null` when it may go. */
function keepReason(router: DatabaseRouter, instance: string, uid: string, entry: unknown): KeptMove['reason'] | null {
  const state = typeof entry === 'object' && entry !== null ? (entry as { state?: unknown }).state : undefined
  const home = router.instanceOfPlayer(uid)
  if (state === 'arrived') return instance === home ? null : 'arrived off its home'
  if (state === 'gone') return instance === home ? 'gone from its home' : null
  if (state === 'copying') return 'move unfinished'
  return 'unreadable'
}
