import { randomUUID } from 'node:crypto'
import { databasePaths, parseStreakDropId, spawnWindowOf } from '@worldmap/game'
import { spawnDayOf } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { notificationPaths } from '../notifications/notificationPaths.js'

/**
 * How long one run owns a player's move: far longer than copying one
 * player's records takes, so a live mover is never overtaken; a mover that
 * died leaves the move to the next run after this.
 */
export const MOVE_LEASE_MS = 2 * 60_000

/** `/moves/{uid}` on the destination instance: the move's state, the one place that says whether the records have arrived. */
export const movePath = (uid: string) => `moves/${uid}`

/** What {@link movePlayer} did. */
export interface MoveResult {
  /**
   * `moved`: this run copied the records; `arrived`: an earlier run had (this
   * one only made sure the old copy is gone); `busy`: another live run is
   * moving this player right now (ask again in a moment).
   */
  outcome: 'moved' | 'arrived' | 'busy'
  /** Records copied (non-empty paths), 0 unless `moved`. */
  records: number
  /** JSON bytes copied, 0 unless `moved`. */
  bytes: number
}

/** Test seams: a throw there is a crash at that point. */
export interface MovePlayerHooks {
  afterLease?: () => void | Promise<void>
  afterCopy?: () => void | Promise<void>
}

/**
 * Every path holding `uid`'s records that can matter at `now` (docs/data-model.md,
 * "Moving players"): the profile, the travel gate, the inventory, streak
 * rewards and their claims, the spot finds and streak grants of the days a
 * player can still be in (yesterday to tomorrow, UTC: a local day runs up to
 * 14 h either side; older days are the purge's), and the notification state
 * with its slot entry. Reads the few records that name other paths.
 *
 * @example
 * ```ts
 * const paths = await playerRecordPaths(oldInstance, uid, Date.now())
 * ```
 */
export async function playerRecordPaths(database: Database, uid: string, now: number): Promise<string[]> {
  const today = spawnDayOf(spawnWindowOf(now).index)
  const days = [today - 1, today, today + 1]
  const [streakDrops, notification, ...grants] = await Promise.all([
    read(database, databasePaths.streakDrops(uid)),
    read(database, notificationPaths.player(uid)),
    ...days.map((day) => read(database, databasePaths.streakReward(day, uid))),
  ])
  const rewardIds = new Set<string>(Object.keys(isRecord(streakDrops) ? streakDrops : {}))
  for (const grant of grants) if (isRecord(grant) && typeof grant.dropId === 'string') rewardIds.add(grant.dropId)
  const claims = [...rewardIds].flatMap((dropId) => {
    const address = parseStreakDropId(dropId)
    return address ? [databasePaths.claim(address.window, dropId)] : []
  })
  const slot = isRecord(notification) && Number.isInteger(notification.slot) ? (notification.slot as number) : null
  return [
    databasePaths.profile(uid),
    databasePaths.player(uid),
    databasePaths.inventory(uid),
    databasePaths.streakDrops(uid),
    ...days.flatMap((day) => [databasePaths.spotFinds(day, uid), databasePaths.streakReward(day, uid)]),
    ...claims,
    notificationPaths.player(uid),
    notificationPaths.sent(uid),
    ...(slot === null ? [] : [notificationPaths.slotEntry(slot, uid)]),
  ]
}

/**
 * Move `uid`'s records from one player instance to another, exactly once,
 * safe to run any number of times, concurrently, and again after a crash at
 * any point. It runs only after a table switch's grace
 * (`PLAYER_MOVE_GRACE_MS`), when nothing writes the old instance any more:
 *
 * 1. a create-or-expired lease on `/moves/{uid}` on the destination (one
 *    mover at a time; an `arrived` marker ends the job at once);
 * 2. the records are read on the old instance;
 * 3. one multi-path update on the destination writes them all and marks
 *    the move `arrived`: atomic there, so a reader sees all or none;
 * 4. the old copy is deleted and a `gone` tombstone left at `/moves/{uid}`
 *    on the old instance, in one multi-path update.
 *
 * A crash after 1 leaves a lease that expires ({@link MOVE_LEASE_MS}): the
 * old copy is intact and the next run copies it. A crash after 3 leaves an
 * `arrived` marker and an old copy nobody reads: the next run deletes it.
 * A mover that reads the old instance after step 4 finds the tombstone and
 * copies nothing. The destination is never written before `arrived` except
 * by the move. The one case this cannot cover is a mover that stalls past
 * its lease (not dies) between reading and writing while another finishes
 * the move and the player plays on: its late copy would undo that play. The
 * lease is minutes for a copy of milliseconds to keep that out of reach.
 *
 * @example
 * ```ts
 * const { outcome } = await movePlayer(p1, p2, uid, Date.now())
 * if (outcome === 'busy') throw new PlayerMovingError()
 * ```
 */
export async function movePlayer(
  from: Database,
  to: Database,
  uid: string,
  now: number,
  hooks: MovePlayerHooks = {},
): Promise<MoveResult> {
  const runId = randomUUID()
  const lease = await takeLease(to, uid, runId, now)
  if (lease === 'busy') return { outcome: 'busy', records: 0, bytes: 0 }
  const paths = await playerRecordPaths(from, uid, now)
  // The old copy goes with a tombstone in one update: a late mover reads either every record or the tombstone.
  const clearOld = () =>
    from.ref().update({ ...Object.fromEntries(paths.map((path) => [path, null])), [movePath(uid)]: { state: 'gone', at: now } })
  if (lease === 'arrived') {
    await clearOld()
    return { outcome: 'arrived', records: 0, bytes: 0 }
  }
  await hooks.afterLease?.()
  const [tombstone, ...values] = await Promise.all([read(from, movePath(uid)), ...paths.map((path) => read(from, path))])
  if (isRecord(tombstone) && tombstone.state === 'gone') return { outcome: 'arrived', records: 0, bytes: 0 }
  const update: Record<string, unknown> = { [movePath(uid)]: { state: 'arrived', by: runId, at: now } }
  let records = 0
  let bytes = 0
  paths.forEach((path, index) => {
    const value = values[index]
    update[path] = value ?? null
    if (value === null || value === undefined) return
    records++
    bytes += JSON.stringify(value).length
  })
  await to.ref().update(update)
  await hooks.afterCopy?.()
  await clearOld()
  return { outcome: 'moved', records, bytes }
}

/** Take the move's lease: `taken`, or `arrived` (done before), or `busy` (another live run holds it). */
async function takeLease(to: Database, uid: string, runId: string, now: number): Promise<'taken' | 'arrived' | 'busy'> {
  const seen: { state?: 'taken' | 'arrived' | 'busy' } = {}
  await to.ref(movePath(uid)).transaction(
    (current: unknown) => {
      if (isRecord(current) && current.state === 'arrived') {
        seen.state = 'arrived'
        return current
      }
      if (isRecord(current) && current.by !== runId && typeof current.until === 'number' && current.until > now) {
        seen.state = 'busy'
        return current
      }
      seen.state = 'taken'
      return { state: 'copying', by: runId, until: now + MOVE_LEASE_MS }
    },
    undefined,
    false,
  )
  return seen.state ?? 'busy'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value listener, not `get()`: `get()` never answers on firebase-server. */
async function read(database: Database, path: string): Promise<unknown> {
  return (await database.ref(path).once('value')).val() as unknown
}
