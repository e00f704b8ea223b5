// The city bench's flags, places, ports and goals (benchCity.mjs): one module, so every phase of the bench reads
// the same figures and none has to be handed them one by one.

import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * @typedef {object} CityFlags  What `pnpm bench:city -- --name=value` chose.
 * @property {1 | 2} instances  Database instances: 1 (main only, the bench as it was) or 2 (main + region instance 1).
 * @property {number} players  Players in all: 300 per city by default, one city per instance.
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
 * @throws {Error} on a flag that is not a number ≥ 0, or `--instances` other than 1 or 2
 * @example
 * readCityFlags(['node', 'benchCity.mjs', '--instances=2']).players // 600
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
  if (instances !== 1 && instances !== 2) throw new Error('--instances must be 1 or 2')
  return {
    instances,
    players: argument('players', 300 * instances),
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
/**
 * The region table with 2 instances, as region instance numbers (startStack's `regions`): Singapore (`w21`) on
 * region instance 1, the same table as the dev and test stacks; Jakarta and the rest of the world stay on main,
 * with the players' data. So one city's collects cross instances (claim on 1, inventory on main) and the other's
 * do not, and the busy world's 100,000 drops land on main, not on the instance the Singapore map reads.
 */
export const REGIONS_TWO_INSTANCES = { w21: 1 }
/** Inside `w21` but 70 km from Raffles Place: drops nobody walks to, for the cost of a collect across instances. */
export const REGION_SAMPLE = { name: 'Riau Islands (w21)', lat: 1.0, lng: 103.3 }
/** The byte figures may differ by this much (relative to the empty world). */
export const BYTES_TOLERANCE = 0.1
/** Map-open A/B and the seeding must fall in one spawn window: never start them closer than this to its end. */
export const WINDOW_MARGIN_MS = 3 * 60_000
