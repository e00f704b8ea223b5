import { databasePaths, type Progress, progressSchema } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { claimNudge, type NudgeClaim, releaseNudge } from './claimNudge.js'
import { NotificationError } from './errors/NotificationError.js'
import { notificationPaths } from './notificationPaths.js'
import { MAX_WALLETS_PER_REQUEST, type NotificationApi, sendNotification, type WalletDelivery } from './sendNotification.js'
import { miniAppPathOf, streakNudgeLocalisations } from './streakNudgeMessage.js'
import { decideStreakNudge, isRemindable, type NudgeSkipReason, remindSlotOf } from './streakNudgeRules.js'
import { type NotificationPlayer, readNotificationPlayer } from './syncNotificationsInDatabase.js'

const HOUR_MS = 3_600_000
/** Slots a run looks back over when the last run did not finish (a missed or failed hour). */
const CATCH_UP_HOURS = 2
/** Players read at once. */
const READ_CONCURRENCY = 50

/** What a run did: the counts the logs, the tests and the report read. */
export interface NudgeRunReport {
  /** The UTC hour (ms since the epoch / 1 h) the run is for. */
  hour: number
  /** The slots (UTC hours of the day) it read. */
  slots: number[]
  /** Players found in those slots. */
  considered: number
  /** Accepted by the portal and delivered (`sent: true`). */
  sent: number
  /** Why the others got none; `not_delivered`: the portal took the request but World App did not deliver. */
  skipped: Partial<Record<NudgeSkipReason | 'not_delivered' | 'not_sent', number>>
  /** Players found under a slot that is no longer their zone's (daylight saving, a new zone), filed again. */
  refiled: number
  /** The error code that stopped the run (a limit, a pause, credentials, the portal down), or `null`. */
  stopped: string | null
}

/**
 * The instances a run reads: `main` for its bookmark, every player instance
 * for its send index and players (the game's `GameDatabases` is one).
 */
export interface NudgeDatabases {
  readonly main: Database
  readonly players: readonly Database[]
  /**
   * Where `uid`'s records are for a call at `now`, after a table switch moved
   * them (`GameDatabases.forPlayer`); without it, where the index filed them.
   */
  forPlayer?(uid: string, now: number): Promise<{ ofPlayer(uid: string): Database }>
}

/** Where a filed player's records are: the instance that filed them, or their new one after a switch's move. */
type PlaceOf = (uid: string, filedOn: Database) => Promise<Database>

/** What a run needs. */
export interface StreakNudgeDependencies {
  /** One instance, or the sharded set: each player instance's send index and records, the run's bookmark on main. */
  database: Database | NudgeDatabases
  api: NotificationApi
  appId: string
  /** The deep link's path in the app. @default '/map' */
  path?: string
  log?: (message: string, fields: Record<string, unknown>) => void
}

/** One slot's player, read. */
interface Candidate {
  /** The player instance whose index filed the player: their records are there too (written together). */
  database: Database
  uid: string
  slot: number
  player: NotificationPlayer | null
  progress: Progress | null
  lastSent: { day: string; at: number } | null
}

/** The slots due at `hour`: from the one after the last finished run (at most two back) to this one. */
function slotsDue(hour: number, lastHour: number | null): number[] {
  const from = Math.max(hour - CATCH_UP_HOURS, Math.min(hour, (lastHour ?? hour - 1) + 1))
  return Array.from({ length: hour - from + 1 }, (_, index) => (from + index) % 24)
}

async function readCandidate(database: Database, uid: string, slot: number): Promise<Candidate> {
  const [player, progress, sent] = await Promise.all([
    readNotificationPlayer(database, uid),
    database.ref(databasePaths.progress(uid)).once('value'),
    database.ref(notificationPaths.sent(uid)).once('value'),
  ])
  const parsed = progressSchema.safeParse(progress.val())
  const last = sent.val() as { day?: unknown; at?: unknown } | null
  const lastSent = typeof last?.day === 'string' && typeof last.at === 'number' ? { day: last.day, at: last.at } : null
  return { database, uid, slot, player, progress: parsed.success ? parsed.data : null, lastSent }
}

/** The players filed under `slot` that this run has not read yet (a player re-filed into a later slot is read once). */
async function readSlot(database: Database, slot: number, seen: Set<string>, placeOf: PlaceOf): Promise<Candidate[]> {
  const filed = Object.keys(((await database.ref(notificationPaths.slot(slot)).once('value')).val() as object | null) ?? {})
  const uids = filed.filter((uid) => !seen.has(uid))
  for (const uid of uids) seen.add(uid)
  const candidates: Candidate[] = []
  for (let start = 0; start < uids.length; start += READ_CONCURRENCY) {
    const chunk = uids.slice(start, start + READ_CONCURRENCY)
    candidates.push(...(await Promise.all(chunk.map(async (uid) => readCandidate(await placeOf(uid, database), uid, slot)))))
  }
  return candidates
}

/**
 * Index fixes for a candidate: out when no longer remindable (revoked, opted
 * out, or the streak lapsed: the find that starts the next one files them
 * again), to its zone's slot when that moved.
 */
function indexFixes(candidate: Candidate, now: number): { updates: Record<string, unknown>; refiled: boolean } | null {
  const { uid, slot, player, progress } = candidate
  if (player === null || progress === null || !isRemindable(player, progress, now)) {
    const updates: Record<string, unknown> = { [notificationPaths.slotEntry(slot, uid)]: null }
    if (player?.slot === slot) updates[`${notificationPaths.player(uid)}/slot`] = null
    return { updates, refiled: false }
  }
  const right = remindSlotOf(progress, now)
  if (right === slot) return null
  return {
    updates: {
      [notificationPaths.slotEntry(slot, uid)]: null,
      [notificationPaths.slotEntry(right, uid)]: true,
      [`${notificationPaths.player(uid)}/slot`]: right,
    },
    refiled: true,
  }
}

function countSkip(report: NudgeRunReport, reason: keyof NudgeRunReport['skipped'], n = 1) {
  report.skipped[reason] = (report.skipped[reason] ?? 0) + n
}

/** A claim, with the player instance it was taken on. */
type PlacedClaim = NudgeClaim & { database: Database }

/** Multi-path updates grouped by instance: one write per instance, never one spanning two. */
function updatesByInstance() {
  const updates = new Map<Database, Record<string, unknown>>()
  return {
    add: (database: Database, fields: Record<string, unknown>) =>
      updates.set(database, Object.assign(updates.get(database) ?? {}, fields)),
    write: () =>
      Promise.all(
        [...updates]
          .filter(([, fields]) => Object.keys(fields).length > 0)
          .map(([database, fields]) => database.ref().update(fields)),
      ),
  }
}

/** Decide and claim each candidate of a slot (claims in parallel, a chunk at a time); the claims grouped by streak. */
async function claimSlot(candidates: Candidate[], now: number, report: NudgeRunReport): Promise<Map<number, PlacedClaim[]>> {
  const fixes = updatesByInstance()
  const due: Array<{ database: Database; uid: string; day: string; streak: number }> = []
  for (const candidate of candidates) {
    const fix = indexFixes(candidate, now)
    if (fix) fixes.add(candidate.database, fix.updates)
    if (fix?.refiled) report.refiled += 1
    const { player, progress, lastSent } = candidate
    const decision = decideStreakNudge(
      { granted: player?.granted ?? false, optedOut: player?.optedOut ?? false, progress, lastSent },
      now,
    )
    if (decision.send) due.push({ database: candidate.database, uid: candidate.uid, day: decision.day, streak: decision.streak })
    else countSkip(report, decision.reason)
  }
  await fixes.write()
  const groups = new Map<number, PlacedClaim[]>()
  for (let start = 0; start < due.length; start += READ_CONCURRENCY) {
    const chunk = due.slice(start, start + READ_CONCURRENCY)
    const claims = await Promise.all(
      chunk.map(async ({ database, uid, day, streak }) => {
        const claim = await claimNudge(database, uid, { day, at: now, streak })
        return claim && { ...claim, database }
      }),
    )
    for (const claim of claims) {
      if (claim) groups.set(claim.record.streak, [...(groups.get(claim.record.streak) ?? []), claim])
      else countSkip(report, 'already_sent')
    }
  }
  return groups
}

/** Record each wallet's delivery on its claim. */
async function recordDeliveries(claims: PlacedClaim[], deliveries: WalletDelivery[], report: NudgeRunReport) {
  const byWallet = new Map(deliveries.map((delivery) => [delivery.walletAddress.toLowerCase(), delivery]))
  const updates = updatesByInstance()
  for (const claim of claims) {
    const delivery = byWallet.get(claim.uid.toLowerCase())
    const sent = delivery?.sent === true
    if (sent) report.sent += 1
    else countSkip(report, 'not_delivered')
    updates.add(claim.database, {
      [notificationPaths.sent(claim.uid)]: {
        ...claim.record,
        status: sent ? 'sent' : 'not_delivered',
        ...(delivery?.reason ? { reason: delivery.reason.slice(0, 200) } : {}),
      },
    })
  }
  await updates.write()
}

/** Send every group in requests of at most 1000 wallets; on a typed refusal, give back what was not sent and stop. */
async function sendGroups(dependencies: StreakNudgeDependencies, groups: Map<number, PlacedClaim[]>, report: NudgeRunReport) {
  const { api, appId, path = '/map' } = dependencies
  const batches = [...groups].flatMap(([streak, claims]) =>
    Array.from({ length: Math.ceil(claims.length / MAX_WALLETS_PER_REQUEST) }, (_, index) => ({
      streak,
      claims: claims.slice(index * MAX_WALLETS_PER_REQUEST, (index + 1) * MAX_WALLETS_PER_REQUEST),
    })),
  )
  for (const [index, { streak, claims }] of batches.entries()) {
    try {
      const deliveries = await sendNotification(api, {
        app_id: appId,
        wallet_addresses: claims.map((claim) => claim.uid),
        localisations: streakNudgeLocalisations(streak),
        mini_app_path: miniAppPathOf(appId, path),
      })
      await recordDeliveries(claims, deliveries, report)
    } catch (error) {
      if (!(error instanceof NotificationError)) throw error
      const unsent = batches.slice(index).flatMap((batch) => batch.claims)
      // No answer at all may still have been delivered: keep those claims (at most once beats twice).
      const surelyUnsent = error.status !== undefined
      if (surelyUnsent) await Promise.all(unsent.map((claim) => releaseNudge(claim.database, claim)))
      countSkip(report, 'not_sent', unsent.length)
      report.stopped = error.code
      dependencies.log?.('streak nudges stopped', { code: error.code, status: error.status, unsent: unsent.length })
      return
    }
  }
}

/**
 * One run of the streak-at-risk nudges at `now` (the scheduled function's
 * body): reads only the players filed under the slots due (this UTC hour's,
 * and up to two missed ones) — the remindable ones (`isRemindable`): those
 * with no streak, no permission or reminders off are not in the index, and
 * one whose streak lapsed is read once more and taken out — decides each with `decideStreakNudge`, claims
 * each nudge in its own transaction, sends one request per streak length and
 * 1000 wallets, records each delivery, and files players whose zone's slot
 * moved. A limit, a pause, bad credentials or the portal down stop the run
 * (`stopped`), unsent claims given back; the bookmark then stays, so the next
 * hour catches up.
 *
 * Instances: each player instance keeps the send index of its own players
 * next to their records (a sync or a streak start moves a player's record
 * and index entry in one write on one instance); a run walks every player
 * instance's slots and sends one request per streak length across them all.
 * Its bookmark (`/meta/notifications`) is one, on main.
 *
 * @example
 * ```ts
 * const report = await runStreakNudges({ database, api: { apiUrl, apiKey }, appId }, Date.now())
 * // { hour, slots: [11], considered: 120, sent: 80, skipped: { kept_today: 35, not_delivered: 5 }, refiled: 0, stopped: null }
 * ```
 */
export async function runStreakNudges(dependencies: StreakNudgeDependencies, now: number): Promise<NudgeRunReport> {
  const databases: NudgeDatabases =
    'players' in dependencies.database ? dependencies.database : { main: dependencies.database, players: [dependencies.database] }
  const { main: database, players, forPlayer } = databases
  // A player filed on an instance a table switch moved them from is moved before the run reads or writes them.
  const placeOf: PlaceOf = forPlayer
    ? async (uid) => (await forPlayer.call(databases, uid, now)).ofPlayer(uid)
    : async (_uid, filedOn) => filedOn
  const hour = Math.floor(now / HOUR_MS)
  const meta = (await database.ref(notificationPaths.meta).once('value')).val() as { hour?: unknown } | null
  const slots = slotsDue(hour, typeof meta?.hour === 'number' ? meta.hour : null)
  const report: NudgeRunReport = { hour, slots, considered: 0, sent: 0, skipped: {}, refiled: 0, stopped: null }
  const seen = new Set<string>()
  for (const slot of slots) {
    const candidates: Candidate[] = []
    for (const instance of players) candidates.push(...(await readSlot(instance, slot, seen, placeOf)))
    report.considered += candidates.length
    await sendGroups(dependencies, await claimSlot(candidates, now, report), report)
    if (report.stopped) break
  }
  const finished = report.stopped === null
  await database.ref(notificationPaths.meta).transaction((current: { hour?: number } | null) => ({
    ...(current ?? {}),
    hour: finished ? Math.max(current?.hour ?? 0, hour) : (current?.hour ?? hour - 1),
    lastRun: { ...report, at: now },
  }))
  return report
}
