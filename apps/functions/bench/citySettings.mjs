// The city bench's flags, places, ports and goals (benchCity.mjs): one module, so every phase of the bench reads
// the same figures and none has to be handed them one by one.

import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * @typedef {object} CityFlags  What `pnpm bench:city -- --name=value` chose.
 * @property {number} instances  Database instances, 1 to 8, laid out by {@link layoutOf}.
 * @property {number} players  Players in all: 300 per city by default (Singapore alone with 1 instance, Singapore
 *   and Jakarta with more).
 * @property {number} runMs  How long the players play, ms.
 * @property {number} concurrency  Requests at once per function (and for Auth), and emulator workers per function.
 * @property {number} busyDrops  Drops written into other cities' watch cells for the busy-world map open.
 * @property {number} deadlineMs  The whole bench gives up (and cleans up) after this long.
 */

/**
 * The flags of `argv`, each a number ≥ 0 or the default.
 *
 * @param {string[]} argv  `process.argv`
 * @returns {CityFlags}
 * @throws {Error} on a flag that is not a number ≥ 0, or `--instances` other than 1 to 8
 * @example
 * readCityFlags(['node', 'benchCity.mjs', '--instances=4']).players // 600
 */
export function readCityFlags(argv) {
  /** @param {string} name @param {number} fallback */
  const argument = (name, fallback) => {
    const raw = argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
    const value = raw === undefined ? fallback : Number(raw)
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`)
    return value
  }
  const instances = argument('instances', 1)
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_INSTANCES)
    throw new Error(`--instances must be a whole number from 1 to ${MAX_INSTANCES}`)
  return {
    instances,
    players: argument('players', 300 * citiesOf(instances).length),
    runMs: argument('seconds', 60) * 1000,
    concurrency: Math.max(1, argument('concurrency', 8)),
    busyDrops: argument('busy-drops', 100_000),
    deadlineMs: argument('deadline-minutes', 25) * 60_000,
  }
}

/** Where the report goes: `.bench-results/city.json` at the repository's root (gitignored). */
export const RESULT_FILE = join(dirname(fileURLToPath(import.meta.url)), '../../..', '.bench-results/city.json')
export const PROJECT_ID = 'demo-worldmap'
export const REGION = 'asia-southeast1'
/**
 * Its own port set, so it runs next to `pnpm dev` and the test stack. Not 9299/9499+: firebase-tools starts
 * the Eventarc and Cloud Tasks emulators there (or on the next free port) for every stack.
 */
export const PORTS = { auth: 9599, functions: 5501, database: 9650, regionDatabase: 9727, hub: 5299, logging: 5399, chain: 9045 }
/** What the local stack configures for World ID (WORLDMAP_VERIFIER=simulator, default app id and action). */
export const WORLD_ID = { appId: 'app_staging_worldmap', action: 'verify-human' }
/** The city: Singapore, around Raffles Place. The map-open bytes are measured here. */
export const CENTRE = { lat: 1.2834, lng: 103.8607 }
/** The second city with `--instances=2`: Jakarta, around Merdeka Square (geohash `qqguy…`). */
export const JAKARTA = { lat: -6.1754, lng: 106.8272 }
export const CITY_RADIUS_METERS = 1_500
/** The most database instances the stack runs (main and 7 more). */
export const MAX_INSTANCES = 8
/** Jakarta's region prefix (geohash `qqguy…` at Merdeka Square). */
export const JAKARTA_PREFIX = 'qqg'

/**
 * @typedef {object} InstanceLayout  What each database instance holds, as startStack's options (instance numbers,
 *   0 = main): `regions` (geohash prefix → instance), `players` and `leaderboards` (the instances sharing them;
 *   none = main). Main always keeps what must be global (nonces, nullifiers, crowd counters, public cards, /meta)
 *   and every region not in the table: the busy world's 100,000 drops, in other cities, land there.
 * @property {Record<string, number>} regions
 * @property {number[]} players
 * @property {number[]} leaderboards
 */

/**
 * The layout of `instances` database instances for the bench: main first keeps only what must be global, then
 * the two cities' regions (one instance for both, then one each), then players, then the leaderboard, then
 * more player and leaderboard instances in turn. Why this order: per collect, a player's records take the most
 * writes (the claim's award: inventory, stats, progress, spot find, gate), the region next (claim, drop
 * delete; spawn markers and drops per anchor), the leaderboard a score and its counters (and the top while a
 * player is in it); main only crowd counters. So
 * players get an instance before the leaderboard does, and a second player instance before a second region one
 * would help. With 4, the leaderboard's odd counter shards share the regions' instance: in a fresh week every
 * ranked collect rewrites the top (≈16 leaderboard writes per collect measured, 47 % of all writes on one instance),
 * and main takes no writes while people play, so the regions' instance is the one with room (docs/scale.md).
 * With 2, the 2-instance bench as it was (Singapore on 1, everything else on main), to compare with
 * the earlier runs.
 *
 * | instances | main        | 1                        | 2       | 3                   | 4…                             |
 * | --------- | ----------- | ------------------------ | ------- | ------------------- | ------------------------------ |
 * | 1         | everything  |                          |         |                     |                                |
 * | 2         | all but w21 | w21                      |         |                     |                                |
 * | 3         | global, lb  | w21, qqg                 | players |                     |                                |
 * | 4         | global      | w21, qqg, lb shards odd  | players | lb shards even, top |                                |
 * | 5         | global      | w21                      | qqg     | players             | leaderboard                    |
 * | 6–8       | global      | w21                      | qqg     | players             | leaderboard, then players, lb… |
 *
 * @param {number} instances  1 to {@link MAX_INSTANCES}
 * @returns {InstanceLayout}
 * @example
 * layoutOf(4) // { regions: { w21: 1, qqg: 1 }, players: [2], leaderboards: [3, 1] }
 */
export function layoutOf(instances) {
  if (instances === 1) return { regions: {}, players: [], leaderboards: [] }
  if (instances === 2) return { regions: { w21: 1 }, players: [], leaderboards: [] }
  if (instances === 3) return { regions: { w21: 1, [JAKARTA_PREFIX]: 1 }, players: [2], leaderboards: [] }
  if (instances === 4) return { regions: { w21: 1, [JAKARTA_PREFIX]: 1 }, players: [2], leaderboards: [3, 1] }
  /** @type {InstanceLayout} */
  const layout = { regions: { w21: 1, [JAKARTA_PREFIX]: 2 }, players: [3], leaderboards: [4] }
  for (let index = 5; index < instances; index++) (index % 2 === 1 ? layout.players : layout.leaderboards).push(index)
  return layout
}

/**
 * The cities played with `instances` database instances: Singapore alone with one (the bench as it was), Singapore
 * and Jakarta (two regions, each a city's load) with more.
 *
 * @param {number} instances
 * @returns {('Singapore' | 'Jakarta')[]}
 */
export function citiesOf(instances) {
  return instances === 1 ? ['Singapore'] : ['Singapore', 'Jakarta']
}

/** No instance may take more than this share of all writes (issue 35), with 4 instances or more. */
export const MAX_INSTANCE_SHARE = 0.4
/** From this many instances on, the layout has an instance for each kind of data and the share goal applies. */
export const SHARE_GOAL_FROM_INSTANCES = 4
/** Inside `w21` but 70 km from Raffles Place: drops nobody walks to, for the cost of a collect across instances. */
export const REGION_SAMPLE = { name: 'Riau Islands (w21)', lat: 1.0, lng: 103.3 }
/** The byte figures may differ by this much (relative to the empty world). */
export const BYTES_TOLERANCE = 0.1
/** Map-open A/B and the seeding must fall in one spawn window: never start them closer than this to its end. */
export const WINDOW_MARGIN_MS = 3 * 60_000
