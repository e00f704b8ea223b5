// `Show streak reminder` (the simulator's developer panel, or
// POST /__worldmap/streak-reminder on the send-notification stand-in): make
// one player due for the streak-at-risk reminder now, and run the real
// `sendStreakNudges` — its decision, its claim, its request to the
// stand-in — so the simulator shows the banner World App would. Local stacks
// only: the stand-in and this hook exist nowhere else.
//
// "Due" is what decideStreakNudge asks for (docs/data-model.md#notifications):
// a streak kept yesterday and not yet today, in a zone where it is now the
// evening (a fixed-offset zone at 19:00), filed under this hour's send slot, no
// reminder sent today. Whether the player allowed notifications is the app's
// to say (its start reports World App's permission): a player who has not is
// told so, and nothing is changed.

import { triggerScheduledFunction } from './scheduler.mjs'

const HOUR = 3_600_000
const WALLET = /^0x[0-9a-fA-F]{40}$/

/**
 * The fixed-offset zone whose clock reads `localHour` at `now` (Etc/GMT-8 is UTC+8).
 *
 * @param {number} localHour
 * @param {number} now
 */
export function zoneAt(localHour, now) {
  let offset = (((localHour - Math.floor(now / HOUR)) % 24) + 24) % 24
  if (offset > 14) offset -= 24
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

/**
 * The Admin SDK's database as this hook uses it (its values are the SDK's own untyped JSON).
 *
 * @typedef {{ ref: (path?: string) => { once: (event: 'value') => Promise<{ val: () => any }>,
 *   update: (values: Record<string, unknown>) => Promise<void> } }} AdminDatabase
 */

/** @param {AdminDatabase} database @param {string} path */
const read = (database, path) =>
  database
    .ref(path)
    .once('value')
    .then((snapshot) => snapshot.val())

/**
 * Make `wallet`'s player due for a streak reminder and run `sendStreakNudges` once.
 *
 * @param {{ database: AdminDatabase, playerDatabaseOf?: (uid: string) => AdminDatabase, functionsUrl: string,
 *   projectId: string, region: string, wallet: unknown, now?: number }} options  `database` is main (the run's
 *   hour); `playerDatabaseOf` the instance of a player's progress and notification state (default: main)
 * @returns {Promise<{ status: number, body: { shown: boolean, reason?: string, streak?: number, message: string } }>}
 * @example
 * await showStreakReminder({ database, functionsUrl: 'http://127.0.0.1:5001', projectId: 'demo-worldmap',
 *   region: 'asia-southeast1', wallet: '0x…' })
 */
export async function showStreakReminder({
  database,
  playerDatabaseOf = () => database,
  functionsUrl,
  projectId,
  region,
  wallet,
  now = Date.now(),
}) {
  if (typeof wallet !== 'string' || !WALLET.test(wallet)) {
    return { status: 400, body: { shown: false, reason: 'invalid_wallet', message: 'wallet must be a 0x… address' } }
  }
  const uid = wallet
  const records = playerDatabaseOf(uid)
  const player = await read(records, `notifications/players/${uid}`)
  if (!player?.granted) {
    const message =
      player === null
        ? 'This player has not told the server about notifications yet: open the app signed in, with notifications allowed.'
        : 'This player has not allowed notifications: allow them (the app asks on its profile), then try again.'
    return { status: 409, body: { shown: false, reason: 'no_permission', message } }
  }
  if (player.optedOut) {
    const message = 'This player switched streak reminders off on their profile.'
    return { status: 409, body: { shown: false, reason: 'opted_out', message } }
  }
  const hour = Math.floor(now / HOUR)
  const slot = hour % 24
  const zone = zoneAt(19, now)
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - 24 * HOUR)
  const progress = await read(records, `profiles/${uid}/progress`)
  const streak = Math.max(1, Number.isInteger(progress?.streak) ? progress.streak : 0)
  await records.ref().update({
    // Kept yesterday, not yet today, in a zone where it is 19:00: the evening the reminder is for.
    [`profiles/${uid}/progress`]: {
      timeZone: zone,
      day: yesterday,
      today: 1,
      streak,
      best: Math.max(streak, Number.isInteger(progress?.best) ? progress.best : 0),
      updatedAt: now - 24 * HOUR,
    },
    // Filed where this hour's run reads, as a sync from that zone would file them.
    ...(Number.isInteger(player.slot) && player.slot !== slot ? { [`notifications/slots/${player.slot}/${uid}`]: null } : {}),
    [`notifications/slots/${slot}/${uid}`]: true,
    [`notifications/players/${uid}/slot`]: slot,
    [`notifications/players/${uid}/timeZone`]: zone,
    // Today's reminder not sent yet, and this hour's run the next one due.
    [`notifications/sent/${uid}`]: null,
  })
  await database.ref().update({ 'meta/notifications/hour': hour - 1 })
  await triggerScheduledFunction({ functionsUrl, projectId, name: 'sendStreakNudges', region })
  const sent = await read(records, `notifications/sent/${uid}`)
  if (sent?.status === 'sent') {
    return { status: 200, body: { shown: true, streak, message: `Sent: "Keep your ${streak}-day streak" is on its way.` } }
  }
  const reason = typeof sent?.status === 'string' ? sent.status : 'not_sent'
  const report = await read(database, 'meta/notifications/lastRun')
  const message = `sendStreakNudges sent nothing (${reason}${report?.stopped ? `, stopped: ${report.stopped}` : ''}); see the functions log.`
  return { status: 502, body: { shown: false, reason, message } }
}
