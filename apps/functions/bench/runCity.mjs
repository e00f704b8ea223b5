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
  return new CityRun(options).run()
}

/** @typedef {ReturnType<typeof newCityStats>} CityStats */
/** @typedef {ReturnType<typeof placeWalkers>[number]} Walker */
/** @typedef {ReturnType<typeof takeToken>['bucket']} TokenBucket */
/** @typedef {{ lat: number, lng: number }} LatLng */

/**
 * What runCity counts, per call kind and per city.
 *
 * @param {City[]} cities
 */
function newCityStats(cities) {
  /** @returns {CallStats} */
  const callStats = () => ({ ok: 0, ms: [], waitMs: [], refusals: {}, heldBack: 0 })
  return {
    collect: callStats(),
    ensure: callStats(),
    /**
     * Spawn markers per ensureDropsNear that answered: the watch cells each call spawned (its reply's `spawned`:
     * the markers it created, so the marker transactions it ran, as it reads the markers first and transacts only
     * missing cells), split into each player's first anchor and the re-anchors after walking.
     */
    spawnMarkers: { firstAnchors: { calls: 0, created: 0 }, reanchors: { calls: 0, created: 0 } },
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
}

/**
 * The players, placed in groups around their cities, each with its map's state; they open the map over the
 * first {@link OPEN_SPREAD_MS}.
 *
 * @param {City[]} cities @param {() => number} random
 */
function placeWalkers(cities, random) {
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
    buckets: /** @type {{ spawn: TokenBucket | null, collect: TokenBucket | null }} */ ({ spawn: null, collect: null }),
    gone: new Set(),
    tries: new Map(),
    target: /** @type {{ id: string, lat: number, lng: number, cell: string } | null} */ (null),
    retargetAt: 0,
  }))
  const begin = Date.now()
  // Players open the map over the first 10 s, not all in the same instant.
  for (const walker of walkers) walker.startAt = begin + random() * OPEN_SPREAD_MS
  return walkers
}

/** @param {CallStats} bucket @param {CallableReply & { ok: false }} reply */
function refuse(bucket, reply) {
  bucket.refusals[reply.reason] = (bucket.refusals[reply.reason] ?? 0) + 1
}

/** One run of {@link runCity}: its options, its counts, the players and the requests in flight. */
class CityRun {
  /** @type {Set<Promise<void>>} */
  inFlight = new Set()

  /** @param {Parameters<typeof runCity>[0]} options */
  constructor(options) {
    const { cities, call, watcher, durationMs, random } = options
    this.call = call
    this.watcher = watcher
    this.durationMs = durationMs
    this.random = random
    this.tickMs = options.tickMs ?? 500
    this.shouldStop = options.shouldStop ?? (() => false)
    this.onProgress = options.onProgress ?? (() => {})
    this.stats = newCityStats(cities)
    this.walkers = placeWalkers(cities, random)
  }

  /** @param {Promise<void>} promise */
  track(promise) {
    this.inFlight.add(promise)
    promise.finally(() => this.inFlight.delete(promise))
  }

  /** Move `walker`'s listeners to `cells` of `window`. @param {Walker} walker @param {number} window @param {string[]} cells */
  watchCells(walker, window, cells) {
    for (const cell of walker.cells) this.watcher.unwatch(/** @type {number} */ (walker.window), cell)
    walker.window = window
    walker.cells = cells
    for (const cell of cells) this.watcher.watch(window, cell)
  }

  /** Anchor the map where `walker` is (ensureDropsNear), keeping the spawn quota. @param {Walker} walker @param {number} now */
  async ensure(walker, now) {
    const quota = takeToken(walker.buckets.spawn, now, QUOTAS.spawnVerified)
    if (quota.waitMs > 0) {
      this.stats.ensure.heldBack += 1
      walker.retry.ensure = now + quota.waitMs
      return
    }
    walker.buckets.spawn = quota.bucket
    walker.ensuring = true
    const at = { lat: walker.lat, lng: walker.lng }
    const reply = await this.call('ensureDropsNear', at, walker.idToken)
    walker.ensuring = false
    const later = Date.now()
    if (reply.ok) {
      this.stats.ensure.ok += 1
      this.stats.byCity[walker.city.name].ensureOk += 1
      this.stats.ensure.ms.push(reply.ms)
      this.stats.ensure.waitMs.push(reply.waitMs)
      const data = reply.data ?? {}
      const markers = this.stats.spawnMarkers[walker.anchor === null ? 'firstAnchors' : 'reanchors']
      markers.calls += 1
      markers.created += Number.isInteger(data.spawned) ? data.spawned : 0
      walker.anchor = at
      if (Number.isInteger(data.window)) {
        // Like the app: the 9 cells around where it asked, in the reply's window.
        walker.windowEnd = Number(data.expiresAt) || spawnWindowOf(later).end
        this.watchCells(walker, data.window, watchCellsAround(at.lat, at.lng))
      }
      return
    }
    refuse(this.stats.ensure, reply)
    walker.retry.ensure = later + (reply.retryAfterMs ?? 5_000)
    // A refusal never stops the map: it watches the cells it computes itself.
    const window = spawnWindowOf(later).index
    if (walker.window !== window) this.watchCells(walker, window, watchCellsAround(walker.lat, walker.lng))
  }

  /**
   * Collect `target`, keeping the collect quota, and react to the reply as the app does.
   * @param {Walker} walker @param {NonNullable<Walker['target']>} target @param {number} now
   */
  async collect(walker, target, now) {
    const quota = takeToken(walker.buckets.collect, now, QUOTAS.collect)
    if (quota.waitMs > 0) {
      this.stats.collect.heldBack += 1
      walker.retry.collect = now + quota.waitMs
      return
    }
    walker.buckets.collect = quota.bucket
    walker.collecting = true
    const racers = this.stats.attemptsByDrop.get(target.id) ?? new Set()
    racers.add(walker.uid)
    this.stats.attemptsByDrop.set(target.id, racers)
    const reply = await this.call(
      'collectDrop',
      { dropId: target.id, lat: walker.lat, lng: walker.lng, accuracy: walker.accuracy },
      walker.idToken,
    )
    walker.collecting = false
    const later = Date.now()
    if (reply.ok) {
      this.stats.collect.ok += 1
      this.stats.byCity[walker.city.name].collects += 1
      this.stats.byCity[walker.city.name].collectMs.push(reply.ms)
      this.stats.collect.ms.push(reply.ms)
      this.stats.collect.waitMs.push(reply.waitMs)
      this.stats.successes.push({ uid: walker.uid, dropId: target.id, itemId: String(reply.data?.itemId ?? target.id) })
      walker.gone.add(target.id)
      walker.target = null
      return
    }
    refuse(this.stats.collect, reply)
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

  /** The nearest live drop this walker can see, or null. @param {Walker} walker @param {number} now @returns {Walker['target']} */
  nearestDrop(walker, now) {
    /** @type {Walker['target']} */
    let best = null
    let bestDistance = Number.POSITIVE_INFINITY
    /** @param {import('./createCellWatcher.mjs').WatchedDrop} drop @param {string} cell */
    const consider = (drop, cell) => {
      if (walker.gone.has(drop.id) || !(drop.expiresAt > now)) return
      const distance = roughDistance(walker, drop)
      if (distance < bestDistance) {
        bestDistance = distance
        best = { id: drop.id, lat: drop.lat, lng: drop.lng, cell }
      }
    }
    if (walker.window === null) return null
    for (const cell of walker.cells) for (const drop of this.watcher.drops(walker.window, cell)) consider(drop, cell)
    return best
  }

  /** One tick of one player: re-anchor, pick a target, collect it or walk. @param {Walker} walker @param {number} now @param {number} seconds */
  step(walker, now, seconds) {
    if (now < walker.startAt) return
    // Re-anchor: on start, after 250 m, when the window ended.
    const moved = walker.anchor ? distanceInMeters(walker.anchor, walker) : Number.POSITIVE_INFINITY
    if (!walker.ensuring && now >= walker.retry.ensure && (moved >= REANCHOR_METERS || now >= walker.windowEnd)) {
      this.track(this.ensure(walker, now))
    }
    if (walker.collecting) return

    // Someone else took the target: the cell's listener dropped it.
    const target = walker.target
    if (target && walker.window !== null && !this.watcher.has(walker.window, target.cell, target.id)) walker.target = null
    if (!walker.target || now >= walker.retargetAt) {
      walker.target = this.nearestDrop(walker, now)
      walker.retargetAt = now + RETARGET_MS
    }

    if (walker.target) {
      const distance = distanceInMeters(walker, walker.target)
      if (distance <= COLLECT_AT_METERS) {
        if (now >= walker.retry.collect) this.track(this.collect(walker, walker.target, now))
        return
      }
      walker.heading = bearing(walker, walker.target)
      move(walker, Math.min(WALK_MPS * seconds, distance - COLLECT_AT_METERS + 1))
      return
    }
    // Nothing in sight: wander, turning now and then, and head home when too far out.
    if (now >= walker.nextTurnAt) {
      const { centre, radiusMeters } = walker.city
      walker.heading = roughDistance(walker, centre) > radiusMeters * 1.5 ? bearing(walker, centre) : this.random() * 2 * Math.PI
      walker.nextTurnAt = now + 10_000 + this.random() * 20_000
    }
    move(walker, WALK_MPS * seconds)
  }

  /** The tick loop, then the requests in flight; the counts with the run's and the drain's times. */
  async run() {
    const started = performance.now()
    let last = started
    let lastReport = started
    while (performance.now() - started < this.durationMs && !this.shouldStop()) {
      const tickStart = performance.now()
      const seconds = (tickStart - last) / 1000
      this.stats.maxTickLagMs = Math.max(this.stats.maxTickLagMs, tickStart - last - this.tickMs)
      last = tickStart
      this.stats.ticks += 1
      const now = Date.now()
      for (const walker of this.walkers) this.step(walker, now, seconds)
      if (tickStart - lastReport >= 10_000) {
        lastReport = tickStart
        this.onProgress(
          `${Math.round((tickStart - started) / 1000)} s: ${this.stats.collect.ok} collects, ${this.stats.ensure.ok} ensureDropsNear, ` +
            `${this.inFlight.size} in flight, ${this.watcher.size} cells watched`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.tickMs - (performance.now() - tickStart))))
    }
    const runMs = performance.now() - started
    await Promise.allSettled([...this.inFlight])
    for (const walker of this.walkers) this.watchCells(walker, 0, [])
    return { ...this.stats, runMs, drainMs: performance.now() - started - runMs }
  }
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

/** Bearing from a to b, radians (flat-earth: fine within a city). @param {LatLng} a @param {LatLng} b */
function bearing(a, b) {
  const dx = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180)
  return Math.atan2(dx, b.lat - a.lat)
}

/** Equirectangular distance, metres: cheap, and exact enough to rank drops within a city. @param {LatLng} a @param {LatLng} b */
function roughDistance(a, b) {
  const dx = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180)
  return Math.hypot(dx, b.lat - a.lat) * M_PER_DEG
}
