import { COLLECT_REACH_METERS, distanceInMeters, QUOTAS, spawnWindowOf, takeToken, watchCellsAround } from '@worldmap/game'

/** Metres per degree of latitude (and of longitude at the equator). */
const M_PER_DEG = 111_195
/** Walking speed, m/s. */
const WALK_MPS = 1.4
/** A player re-anchors the map (calls ensureDropsNear again) after walking this far, metres. */
const REANCHOR_METERS = 250
/** Players tap Collect a little inside the reach the map enables it at, metres. */
const COLLECT_AT_METERS = COLLECT_REACH_METERS - 5
/** How often a player looks for the nearest drop again, ms. */
const RETARGET_MS = 2_000
/** Players open the map at random times within this span from the start, ms. */
const OPEN_SPREAD_MS = 10_000
/** Attempts per drop after errors that are not refusals (network, internal). */
const MAX_TRIES_PER_DROP = 3

/**
 * @typedef {{ uid: string, idToken: string }} SignedInPlayer
 * @typedef {import('./createCallableClient.mjs').CallableReply} CallableReply
 * @typedef {{ ok: number, ms: number[], waitMs: number[], refusals: Record<string, number>, heldBack: number }} CallStats
 */

/**
 * @typedef {{ name: string, centre: { lat: number, lng: number }, radiusMeters: number, players: SignedInPlayer[] }} City
 */

/**
 * Simulate players walking and collecting in one or more cities (`cities`,
 * each with its own players, who stay around it) for `durationMs`,
 * like the app's map does it: call `ensureDropsNear` on start, after every
 * 250 m and when the spawn window ends; watch the 9 cells around
 * (`watchCellsAround`, in the reply's window, or the device's after a refusal); walk at
 * 1.4 m/s towards the nearest live drop and `collectDrop` it from within
 * reach. Players start in small groups (friends walking together), so some
 * race for the same drop. Each player keeps the per-player quotas
 * (`QUOTAS`) itself and waits `retryAfterMs` when refused.
 *
 * One tick loop drives every player (no timer per player); each player has
 * at most one request of each kind in flight. After `durationMs` no new
 * request starts and the ones in flight are awaited.
 *
 * `byCity` splits collects and map anchors by city.
 *
 * @param {{
 *   cities: City[],
 *   call: (name: string, data: unknown, idToken: string) => Promise<CallableReply>,
 *   watcher: ReturnType<typeof import('./createCellWatcher.mjs').createCellWatcher>,
 *   durationMs: number,
 *   random: () => number,
 *   tickMs?: number,
 *   shouldStop?: () => boolean,
 *   onProgress?: (line: string) => void,
 * }} options
 * @example
 * ```js
 * const cities = [{ name: 'Singapore', centre: SINGAPORE, radiusMeters: 1_500, players }]
 * const stats = await runCity({ cities, call, watcher, durationMs: 60_000, random })
 * ```
 */
export async function runCity(options) {
  const { cities, call, watcher, durationMs, random } = options
  const tickMs = options.tickMs ?? 500
  const shouldStop = options.shouldStop ?? (() => false)
  const onProgress = options.onProgress ?? (() => {})

  /** @returns {CallStats} */
  const callStats = () => ({ ok: 0, ms: [], waitMs: [], refusals: {}, heldBack: 0 })
  const stats = {
    collect: callStats(),
    ensure: callStats(),
    /** Successful collect replies, to check against the inventories afterwards. */
    successes: /** @type {{ uid: string, dropId: string, itemId: string }[]} */ ([]),
    /** dropId → uids that tried to collect it. */
    attemptsByDrop: /** @type {Map<string, Set<string>>} */ (new Map()),
    /** Per city: its players, successful collects (and their times on the wire, ms) and map anchors. */
    byCity: /** @type {Record<string, { players: number, collects: number, collectMs: number[], ensureOk: number }>} */ (
      Object.fromEntries(
        cities.map((city) => [city.name, { players: city.players.length, collects: 0, collectMs: [], ensureOk: 0 }]),
      )
    ),
    maxTickLagMs: 0,
    ticks: 0,
  }
  const inFlight = new Set()
  const track = (promise) => {
    inFlight.add(promise)
    promise.finally(() => inFlight.delete(promise))
  }

  const placed = cities.flatMap((city) =>
    placeInGroups(city.players, city.centre, city.radiusMeters, random).map((at) => ({ ...at, city })),
  )
  const walkers = placed.map(({ player, lat, lng, heading, city }) => ({
    ...player,
    city,
    lat,
    lng,
    heading,
    // Reported GPS accuracy: a phone outdoors, 4–20 m.
    accuracy: 4 + Math.round(random() * 16),
    nextTurnAt: 0,
    anchor: /** @type {{ lat: number, lng: number } | null} */ (null),
    windowEnd: 0,
    window: /** @type {number | null} */ (null),
    cells: /** @type {string[]} */ ([]),
    ensuring: false,
    collecting: false,
    startAt: 0,
    retry: { ensure: 0, collect: 0 },
    buckets: { spawn: null, collect: null },
    gone: new Set(),
    tries: new Map(),
    target: /** @type {{ id: string, lat: number, lng: number, cell: string } | null} */ (null),
    retargetAt: 0,
  }))
  const begin = Date.now()
  // Players open the map over the first 10 s, not all in the same instant.
  for (const walker of walkers) walker.startAt = begin + random() * OPEN_SPREAD_MS

  const watchCells = (walker, window, cells) => {
    for (const cell of walker.cells) watcher.unwatch(/** @type {number} */ (walker.window), cell)
    walker.window = window
    walker.cells = cells
    for (const cell of cells) watcher.watch(window, cell)
  }

  const refuse = (bucket, reply) => {
    bucket.refusals[reply.reason] = (bucket.refusals[reply.reason] ?? 0) + 1
  }

  const ensure = async (walker, now) => {
    const quota = takeToken(walker.buckets.spawn, now, QUOTAS.spawnVerified)
    if (quota.waitMs > 0) {
      stats.ensure.heldBack += 1
      walker.retry.ensure = now + quota.waitMs
      return
    }
    walker.buckets.spawn = quota.bucket
    walker.ensuring = true
    const at = { lat: walker.lat, lng: walker.lng }
    const reply = await call('ensureDropsNear', at, walker.idToken)
    walker.ensuring = false
    const later = Date.now()
    if (reply.ok) {
      stats.ensure.ok += 1
      stats.byCity[walker.city.name].ensureOk += 1
      stats.ensure.ms.push(reply.ms)
      stats.ensure.waitMs.push(reply.waitMs)
      walker.anchor = at
      const data = reply.data ?? {}
      if (Number.isInteger(data.window)) {
        // Like the app: the 9 cells around where it asked, in the reply's window.
        walker.windowEnd = Number(data.expiresAt) || spawnWindowOf(later).end
        watchCells(walker, data.window, watchCellsAround(at.lat, at.lng))
      }
      return
    }
    refuse(stats.ensure, reply)
    walker.retry.ensure = later + (reply.retryAfterMs ?? 5_000)
    // A refusal never stops the map: it watches the cells it computes itself.
    const window = spawnWindowOf(later).index
    if (walker.window !== window) watchCells(walker, window, watchCellsAround(walker.lat, walker.lng))
  }

  const collect = async (walker, target, now) => {
    const quota = takeToken(walker.buckets.collect, now, QUOTAS.collect)
    if (quota.waitMs > 0) {
      stats.collect.heldBack += 1
      walker.retry.collect = now + quota.waitMs
      return
    }
    walker.buckets.collect = quota.bucket
    walker.collecting = true
    const racers = stats.attemptsByDrop.get(target.id) ?? new Set()
    racers.add(walker.uid)
    stats.attemptsByDrop.set(target.id, racers)
    const reply = await call(
      'collectDrop',
      { dropId: target.id, lat: walker.lat, lng: walker.lng, accuracy: walker.accuracy },
      walker.idToken,
    )
    walker.collecting = false
    const later = Date.now()
    if (reply.ok) {
      stats.collect.ok += 1
      stats.byCity[walker.city.name].collects += 1
      stats.byCity[walker.city.name].collectMs.push(reply.ms)
      stats.collect.ms.push(reply.ms)
      stats.collect.waitMs.push(reply.waitMs)
      stats.successes.push({ uid: walker.uid, dropId: target.id, itemId: String(reply.data?.itemId ?? target.id) })
      walker.gone.add(target.id)
      walker.target = null
      return
    }
    refuse(stats.collect, reply)
    switch (reply.reason) {
      case 'rate_limited':
      case 'impossible_travel':
        walker.retry.collect = later + (reply.retryAfterMs ?? 3_000)
        return
      case 'already_collected':
      case 'spot_already_found':
      case 'drop_not_found':
      case 'drop_expired':
      case 'out_of_reach':
      case 'invalid_request':
      case 'invalid_location':
      case 'not_verified':
        walker.gone.add(target.id)
        walker.target = null
        return
      default: {
        // Not a refusal (network, internal): try again a little later, a few times.
        const tries = (walker.tries.get(target.id) ?? 0) + 1
        walker.tries.set(target.id, tries)
        if (tries >= MAX_TRIES_PER_DROP) {
          walker.gone.add(target.id)
          walker.target = null
        }
        walker.retry.collect = later + 2_000
      }
    }
  }

  /** The nearest live drop this walker can see, or null. */
  const nearestDrop = (walker, now) => {
    let best = null
    let bestDistance = Number.POSITIVE_INFINITY
    const consider = (drop, cell) => {
      if (walker.gone.has(drop.id) || !(drop.expiresAt > now)) return
      const distance = roughDistance(walker, drop)
      if (distance < bestDistance) {
        bestDistance = distance
        best = { id: drop.id, lat: drop.lat, lng: drop.lng, cell }
      }
    }
    if (walker.window === null) return null
    for (const cell of walker.cells) for (const drop of watcher.drops(walker.window, cell)) consider(drop, cell)
    return best
  }

  const step = (walker, now, seconds) => {
    if (now < walker.startAt) return
    // Re-anchor: on start, after 250 m, when the window ended.
    const moved = walker.anchor ? distanceInMeters(walker.anchor, walker) : Number.POSITIVE_INFINITY
    if (!walker.ensuring && now >= walker.retry.ensure && (moved >= REANCHOR_METERS || now >= walker.windowEnd)) {
      track(ensure(walker, now))
    }
    if (walker.collecting) return

    // Someone else took the target: the cell's listener dropped it.
    const target = walker.target
    if (target && walker.window !== null && !watcher.has(walker.window, target.cell, target.id)) walker.target = null
    if (!walker.target || now >= walker.retargetAt) {
      walker.target = nearestDrop(walker, now)
      walker.retargetAt = now + RETARGET_MS
    }

    if (walker.target) {
      const distance = distanceInMeters(walker, walker.target)
      if (distance <= COLLECT_AT_METERS) {
        if (now >= walker.retry.collect) track(collect(walker, walker.target, now))
        return
      }
      walker.heading = bearing(walker, walker.target)
      move(walker, Math.min(WALK_MPS * seconds, distance - COLLECT_AT_METERS + 1))
      return
    }
    // Nothing in sight: wander, turning now and then, and head home when too far out.
    if (now >= walker.nextTurnAt) {
      const { centre, radiusMeters } = walker.city
      walker.heading = roughDistance(walker, centre) > radiusMeters * 1.5 ? bearing(walker, centre) : random() * 2 * Math.PI
      walker.nextTurnAt = now + 10_000 + random() * 20_000
    }
    move(walker, WALK_MPS * seconds)
  }

  const started = performance.now()
  let last = started
  let lastReport = started
  while (performance.now() - started < durationMs && !shouldStop()) {
    const tickStart = performance.now()
    const seconds = (tickStart - last) / 1000
    stats.maxTickLagMs = Math.max(stats.maxTickLagMs, tickStart - last - tickMs)
    last = tickStart
    stats.ticks += 1
    const now = Date.now()
    for (const walker of walkers) step(walker, now, seconds)
    if (tickStart - lastReport >= 10_000) {
      lastReport = tickStart
      onProgress(
        `${Math.round((tickStart - started) / 1000)} s: ${stats.collect.ok} collects, ${stats.ensure.ok} ensureDropsNear, ` +
          `${inFlight.size} in flight, ${watcher.size} cells watched`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tickMs - (performance.now() - tickStart))))
  }
  const runMs = performance.now() - started
  await Promise.allSettled([...inFlight])
  for (const walker of walkers) watchCells(walker, 0, [])
  return { ...stats, runMs, drainMs: performance.now() - started - runMs }
}

/**
 * Place players in groups of 1–6 within 30 m of each other, the groups
 * spread uniformly over a disc.
 * @template P
 * @param {P[]} players @param {{ lat: number, lng: number }} centre @param {number} radius @param {() => number} random
 */
function placeInGroups(players, centre, radius, random) {
  const placed = []
  let group = null
  let left = 0
  for (const player of players) {
    if (left === 0) {
      const anchor = offset(centre, radius * Math.sqrt(random()), random() * 2 * Math.PI)
      group = { ...anchor, heading: random() * 2 * Math.PI }
      left = 1 + Math.floor(random() * 6)
    }
    left -= 1
    const at = offset(/** @type {any} */ (group), 30 * random(), random() * 2 * Math.PI)
    placed.push({ player, ...at, heading: /** @type {any} */ (group).heading })
  }
  return placed
}

/** @param {{ lat: number, lng: number }} point @param {number} meters @param {number} heading radians, 0 = north */
function offset(point, meters, heading) {
  return {
    lat: point.lat + (meters * Math.cos(heading)) / M_PER_DEG,
    lng: point.lng + (meters * Math.sin(heading)) / (M_PER_DEG * Math.cos((point.lat * Math.PI) / 180)),
  }
}

/** @param {{ lat: number, lng: number, heading: number }} walker @param {number} meters */
function move(walker, meters) {
  if (!(meters > 0)) return
  const next = offset(walker, meters, walker.heading)
  walker.lat = next.lat
  walker.lng = next.lng
}

/** Bearing from a to b, radians (flat-earth: fine within a city). */
function bearing(a, b) {
  const dx = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180)
  return Math.atan2(dx, b.lat - a.lat)
}

/** Equirectangular distance, metres: cheap, and exact enough to rank drops within a city. */
function roughDistance(a, b) {
  const dx = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180)
  return Math.hypot(dx, b.lat - a.lat) * M_PER_DEG
}
