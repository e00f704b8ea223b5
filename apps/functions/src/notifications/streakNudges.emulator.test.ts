import { databasePaths, type Progress } from '@worldmap/game'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { triggerScheduledFunction } from '../../../../tooling/stack/scheduler.mjs'
import { type Player, placeDrop, signIn, verify } from '../../test/emulatorPlayers.js'
import { createAdmin, projectId, readOnce, readTestStack } from '../../test/testStack.js'
import { notificationPaths } from './notificationPaths.js'
import type { NudgeRunReport } from './runStreakNudges.js'
import { NOTIFICATION_SYNC_LIMIT } from './syncNotificationsInDatabase.js'

// Issue 24, point 5, on the local stack: players enrol through the real
// `syncNotifications` callable, the stack's scheduler stand-in runs the real
// `sendStreakNudges` (as Cloud Scheduler calls it), and the send-notification
// stand-in checks and records what the portal would get.
const HOUR = 3_600_000
const admin = createAdmin()
const stack = readTestStack() as ReturnType<typeof readTestStack> & { urls: { notifications: string } }
const portalUrl = stack.urls.notifications
const players: Player[] = []
let hour = 0

/** The fixed-offset zone whose clock reads `localHour` now (Etc/GMT-8 is UTC+8). */
function zoneAt(localHour: number): string {
  let offset = (((localHour - (hour % 24)) % 24) + 24) % 24
  if (offset > 14) offset -= 24
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

/** The local date `days` days from now in `zone`. */
const dayIn = (zone: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now() + days * 24 * HOUR)

const progress = (zone: string, daysAgo: number, streak: number): Progress => ({
  timeZone: zone,
  day: dayIn(zone, -daysAgo),
  today: 1,
  streak,
  best: streak,
  updatedAt: Date.now() - daysAgo * 24 * HOUR,
})

/** The real `syncNotifications` callable, as `player`. */
function syncAs(player: Player) {
  const functions = getFunctions(player.client.app, 'asia-southeast1')
  connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
  return httpsCallable<unknown, { enrolled: boolean; optedOut: boolean }>(functions, 'syncNotifications')
}

/** Every index entry of every player instance (each indexes its own players), as `slot/uid` keys. */
const slotEntries = async () => {
  const indexes = await Promise.all(
    admin.databases.players.map((database) => readOnce<Record<string, Record<string, true>>>(database, 'notifications/slots')),
  )
  return indexes.flatMap((index) =>
    Object.entries(index ?? {}).flatMap(([slot, uids]) => Object.keys(uids).map((uid) => `${slot}/${uid}`)),
  )
}

/** The player instances' notification branches emptied. */
const clearNotifications = () => Promise.all(admin.databases.players.map((database) => database.ref('notifications').set(null)))

/** A signed-in player with this progress who tells the server, through the real callable, what World App grants. */
async function enrol(options: { progress?: Progress; granted?: boolean; optedOut?: boolean }) {
  const player = await signIn(admin)
  players.push(player)
  if (options.progress) await admin.databases.ofPlayer(player.uid).ref(databasePaths.progress(player.uid)).set(options.progress)
  const sync = syncAs(player)
  const data = {
    granted: options.granted ?? true,
    ...(options.optedOut === undefined ? {} : { optedOut: options.optedOut }),
    timeZone: options.progress?.timeZone ?? zoneAt(19),
  }
  const { data: state } = await sync(data)
  return { ...player, state }
}

const hook = (route: string, body: unknown) =>
  fetch(`${portalUrl}/__worldmap/${route}`, { method: 'POST', body: JSON.stringify(body) }).then((response) => response.json())

const deliveriesOf = async (wallet?: string) =>
  (
    (await (await fetch(`${portalUrl}/__worldmap/notifications${wallet ? `?wallet=${wallet}` : ''}`)).json()) as {
      deliveries: Array<{ walletAddress: string; sent: boolean; title: string; path: string; localisations: unknown[] }>
    }
  ).deliveries

/** Run `sendStreakNudges` as the stack's scheduler does, and read the report it stored. */
async function runNudges(): Promise<NudgeRunReport> {
  await triggerScheduledFunction({
    functionsUrl: stack.urls.functions,
    projectId,
    name: 'sendStreakNudges',
    region: 'asia-southeast1',
  })
  const stored = await readOnce<NudgeRunReport>(admin.database, `${notificationPaths.meta}/lastRun`)
  // The database keeps no nulls and no empty objects: put them back as the run returned them.
  return { stopped: null, skipped: {}, ...stored } as NudgeRunReport
}

beforeAll(async () => {
  // The whole file inside one UTC hour: the players' zones are chosen for it.
  const left = HOUR - (Date.now() % HOUR)
  if (left < 90_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000))
  hour = Math.floor(Date.now() / HOUR)
  await clearNotifications()
  await admin.database.ref(notificationPaths.meta).set({ hour: hour - 1 })
  await fetch(`${portalUrl}/__worldmap/notifications`, { method: 'DELETE' })
  await hook('limit', { perFourHours: null })
}, 120_000)

afterAll(async () => {
  await hook('limit', { perFourHours: null })
  await clearNotifications()
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

describe('streak nudges on the local stack (issue 24)', () => {
  test('default: who gets one through the scheduler and the stand-in, and why the others do not', async () => {
    const evening = zoneAt(19)
    const five = await enrol({ progress: progress(evening, 1, 5) })
    const two = await enrol({ progress: progress(evening, 1, 2) })
    await enrol({ progress: progress(evening, 0, 6) }) // kept today
    await enrol({ progress: progress(evening, 3, 4) }) // streak lost: not filed
    const optedOut = await enrol({ progress: progress(evening, 1, 5), optedOut: true })
    const notGranted = await enrol({ progress: progress(evening, 1, 5), granted: false })
    const revokedInWorldApp = await enrol({ progress: progress(evening, 1, 3) })
    await hook('permission', { wallet: revokedInWorldApp.uid, granted: false })
    // 23:00 for this one; filed under this hour's slot as after a daylight-saving change.
    const asleep = await enrol({ progress: progress(zoneAt(23), 1, 8) })
    await admin.databases
      .ofPlayer(asleep.uid)
      .ref()
      .update({
        [notificationPaths.slotEntry(hour % 24, asleep.uid)]: true,
        [`${notificationPaths.player(asleep.uid)}/slot`]: hour % 24,
      })
    expect(optedOut.state).toEqual({ enrolled: false, optedOut: true })
    expect(notGranted.state).toEqual({ enrolled: false, optedOut: false })

    const report = await runNudges()
    expect(report).toMatchObject({
      considered: 5,
      sent: 2,
      skipped: { kept_today: 1, quiet_hours: 1, not_delivered: 1 },
      refiled: 1,
      stopped: null,
    })
    const [delivery] = await deliveriesOf(five.uid)
    expect(delivery).toMatchObject({ sent: true, title: '🔥 Keep your 5-day streak', path: '/map' })
    expect(delivery?.localisations).toHaveLength(4)
    expect((await deliveriesOf(two.uid))[0]?.title).toBe('🔥 Keep your 2-day streak')
    expect(await deliveriesOf(optedOut.uid)).toEqual([])
    expect(await deliveriesOf(notGranted.uid)).toEqual([])
    expect(await deliveriesOf(asleep.uid)).toEqual([])
    expect(await deliveriesOf(revokedInWorldApp.uid)).toMatchObject([{ sent: false }])
  })

  test('behavior: at most one a day: two overlapping runs and a rerun send nobody a second one', async () => {
    const before = (await deliveriesOf()).length
    const fresh = await enrol({ progress: progress(zoneAt(19), 1, 3) })
    await Promise.all([runNudges(), runNudges()])
    await runNudges()
    expect(await deliveriesOf(fresh.uid)).toHaveLength(1)
    // Only the new player got one: everyone from the first test was already done today.
    expect((await deliveriesOf()).length).toBe(before + 1)
  })

  test('behavior: the portal answers 503 once: the run retries and the player gets one nudge', async () => {
    const player = await enrol({ progress: progress(zoneAt(19), 1, 4) })
    await hook('fail', { status: 503, times: 1 })
    const report = await runNudges()
    expect(report).toMatchObject({ sent: 1, stopped: null })
    expect(await deliveriesOf(player.uid)).toHaveLength(1)
  })

  test('error: the unverified allowance used up (400 unverified_app_limit_reached) stops the run; the claim goes back', async () => {
    const sentSoFar = (await deliveriesOf()).filter((delivery) => delivery.sent).length
    await hook('limit', { perFourHours: sentSoFar })
    const player = await enrol({ progress: progress(zoneAt(19), 1, 9) })
    const report = await runNudges()
    expect(report).toMatchObject({ sent: 0, skipped: { not_sent: 1 }, stopped: 'unverified_app_limit_reached' })
    expect(await deliveriesOf(player.uid)).toEqual([])
    expect(await readOnce(admin.databases.ofPlayer(player.uid), notificationPaths.sent(player.uid))).toBeNull()
    // The allowance back: the next run sends it.
    await hook('limit', { perFourHours: null })
    expect(await runNudges()).toMatchObject({ sent: 1, stopped: null })
    expect(await deliveriesOf(player.uid)).toHaveLength(1)
  })
})

describe('enrolment only for those it can serve (issue 33, point 4)', () => {
  beforeAll(async () => {
    await clearNotifications()
    await admin.database.ref(notificationPaths.meta).set({ hour: hour - 1 })
  })

  test('behavior: 40 fresh unverified wallets say "granted": no slot entry, and the run reads none of them', async () => {
    const crowd = await Promise.all(Array.from({ length: 40 }, () => enrol({})))
    expect(crowd.every((player) => player.state.enrolled)).toBe(true)
    expect(await slotEntries()).toEqual([])
    // The permission is remembered (a small record each), to file them once they have a streak.
    expect(
      await readOnce(admin.databases.ofPlayer(crowd[0]?.uid ?? ''), `${notificationPaths.player(crowd[0]?.uid ?? '')}/granted`),
    ).toBe(true)
    expect(await runNudges()).toMatchObject({ considered: 0, sent: 0 })
  }, 120_000)

  test('behavior: a verified player is filed once, by the collect that starts their streak; repeated syncs write nothing; the run reads only them', async () => {
    const player = await signIn(admin)
    players.push(player)
    await verify(admin, player, 'device', {})
    const sync = syncAs(player)
    const timeZone = zoneAt(19)
    await sync({ granted: true, timeZone })
    expect(await slotEntries()).toEqual([])
    await player.collectDrop({ ...(await placeDrop(admin.databases)).request, timeZone })
    expect(await slotEntries()).toEqual([`${hour % 24}/${player.uid}`])
    const record = await readOnce(admin.databases.ofPlayer(player.uid), notificationPaths.player(player.uid))
    for (let index = 0; index < 20; index++) await sync({ granted: true, timeZone })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), notificationPaths.player(player.uid))).toEqual(record)
    // Read, and kept today: nothing to send yet. The 40 of the crowd are not read.
    expect(await runNudges()).toMatchObject({ considered: 1, sent: 0, skipped: { kept_today: 1 } })
  })

  test('error: one wallet sends 60 calls at once across 12 zones, flipping the switch: refused after the limit, at most one slot entry', async () => {
    const player = await signIn(admin)
    players.push(player)
    await admin.databases
      .ofPlayer(player.uid)
      .ref(databasePaths.progress(player.uid))
      .set(progress(zoneAt(19), 1, 4))
    const sync = syncAs(player)
    const zones = Array.from({ length: 12 }, (_, index) => zoneAt(index * 2))
    const before = (await slotEntries()).length
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, index) => sync({ granted: true, optedOut: index % 2 === 1, timeZone: zones[index % 12] })),
    )
    const refused = results.filter((result) => result.status === 'rejected')
    // Exactly the limit's changes were written; every other call was refused, or asked for the state
    // already stored (the switch as the last write left it) and wrote nothing.
    expect(await readOnce(admin.databases.ofPlayer(player.uid), `${notificationPaths.playerChanges(player.uid)}/n`)).toBe(
      NOTIFICATION_SYNC_LIMIT.changes,
    )
    expect(refused.length).toBeGreaterThan(0)
    for (const result of refused) {
      expect(result.reason).toMatchObject({ code: 'functions/resource-exhausted', details: { code: 'rate_limited' } })
    }
    const mine = (await slotEntries()).filter((entry) => entry.endsWith(player.uid))
    expect(mine.length).toBeLessThanOrEqual(1)
    expect((await slotEntries()).length - mine.length).toBe(before)
  })
})
