import type { Database } from 'firebase-admin/database'
import { notificationPaths } from './notificationPaths.js'
import { wasSentRecently } from './streakNudgeRules.js'

/** `/notifications/sent/{uid}`: the last nudge, and while a run sends it, its claim. */
export interface SentRecord {
  /** The player's local day it was for. */
  day: string
  at: number
  /** `sending`: claimed by a run, not yet answered; `sent` / `not_delivered`: the portal's answer. */
  status: 'sending' | 'sent' | 'not_delivered'
  streak: number
  reason?: string
}

/** A claim held by this run: what to put back if the send fails for sure. */
export interface NudgeClaim {
  uid: string
  record: SentRecord
  previous: SentRecord | null
}

const isSentRecord = (value: unknown): value is SentRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SentRecord).day === 'string' &&
  typeof (value as SentRecord).at === 'number'

/**
 * Take `uid`'s nudge for local `day`: one transaction on the player's sent
 * record that succeeds only when no nudge went out (or is going out) that day
 * or in the last 20 h. Two overlapping runs, or a rerun, race on this one node:
 * exactly one of them gets the claim, so nobody is sent two.
 *
 * @returns the claim, or `null` when a nudge is already recorded
 * @example
 * ```ts
 * const claim = await claimNudge(database, uid, { day: '2026-11-26', at: now, streak: 5 })
 * ```
 */
export async function claimNudge(
  database: Database,
  uid: string,
  nudge: { day: string; at: number; streak: number },
): Promise<NudgeClaim | null> {
  const record: SentRecord = { ...nudge, status: 'sending' }
  let previous: SentRecord | null = null
  const { committed } = await database.ref(notificationPaths.sent(uid)).transaction((current: unknown) => {
    const last = isSentRecord(current) ? current : null
    if (wasSentRecently(last, nudge.day, nudge.at)) return undefined
    previous = last
    return record
  })
  return committed ? { uid, record, previous } : null
}

/**
 * Give a claim back after a send that surely did not happen (the portal
 * answered with an error): the previous record returns, so a later run may
 * nudge the player today. Only this run's own claim is touched.
 *
 * @example
 * ```ts
 * await Promise.all(claims.map((claim) => releaseNudge(database, claim)))
 * ```
 */
export async function releaseNudge(database: Database, claim: NudgeClaim): Promise<void> {
  await database.ref(notificationPaths.sent(claim.uid)).transaction((current: unknown) => {
    // The first call sees the local cache (often empty): writing "nothing" makes the server answer with its value.
    if (current === null) return null
    const mine = isSentRecord(current) && current.at === claim.record.at && current.status === 'sending'
    return mine ? claim.previous : undefined
  })
}
