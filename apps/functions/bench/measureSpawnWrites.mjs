// What an anchor costs the database in spawn-marker writes (issue 35, point 2; benchCity.mjs, docs/scale.md):
// ensureDropsNear reads the 9 cells' markers first and transacts only the missing ones. One player who has not
// played anchors the map at a place nobody played, again at the same place, then 250 m on, and each instance's
// write messages are counted around each call through the stack's database counters, with the run over and
// nothing else writing. Before the read, every call ran a marker transaction per spawn-area cell (the watch cells
// within the spawn radius, up to 9), spawned or not: a transaction on a marker that exists writes it back, so a
// re-anchor over spawned cells cost one write per spawn-area cell. At a place nobody played a call spawns every
// cell of its spawn area: the fresh anchor's `spawned` is the spawn area's size, what each call cost before.

import { cellOf } from '@worldmap/game'
import { REGION_SAMPLE } from './citySettings.mjs'

/** The cells a spawn area holds at most (the 9 watch cells around the player), each a transaction before the read. */
export const MARKERS_PER_ANCHOR_BEFORE = 9
/** How far the player walks between the re-anchors, m (the bench's and the app's re-anchor distance). */
const STEP_METERS = 250
/** Long enough for the travel check (30 m/s) to take a 250 m step. */
const STEP_WAIT_MS = 12_000

/**
 * @typedef {object} AnchorWrites  One ensureDropsNear and the write messages each instance received meanwhile.
 * @property {string} anchor  `fresh` (nobody spawned there), `again` (the same place), `moved` (250 m on).
 * @property {number} spawned  Watch cells the call spawned (its reply's `spawned`): the marker transactions it ran.
 * @property {number} regionWrites  Write messages on the instance holding the place's region: the marker
 *   transactions, plus one multi-path update of the drops when it spawned.
 * @property {number} allWrites  Write messages on every instance (the gate and the player's records too).
 * @property {number} markerWritesBefore  What the same call wrote in spawn markers before the read: one
 *   transaction per spawn-area cell (the fresh anchor's `spawned`; {@link MARKERS_PER_ANCHOR_BEFORE} at most).
 */

/**
 * Anchor `measurer` three times around {@link REGION_SAMPLE} (in Singapore's region, 70 km from the players) and
 * count the writes; `null` when a call is refused (the figures would mean nothing).
 *
 * @param {import('./startCityStack.mjs').CityStack} site
 * @param {import('./setUpCityPlayers.mjs').Player} measurer  A player who has not anchored yet (no travel gate).
 * @returns {Promise<AnchorWrites[] | null>}
 * @example
 * ```js
 * const anchors = await measureSpawnWrites(site, signedIn.measurerSpawn)
 * anchors?.find((anchor) => anchor.anchor === 'again')?.regionWrites // 0
 * ```
 */
export async function measureSpawnWrites(site, measurer) {
  const { stackProcess, databases, bench } = site
  const start = { lat: REGION_SAMPLE.lat + 0.02, lng: REGION_SAMPLE.lng }
  const moved = { lat: start.lat + STEP_METERS / 111_320, lng: start.lng }
  const regionUrl = databases.instanceOfCell(cellOf(start.lat, start.lng))
  /** @type {AnchorWrites[]} */
  const anchors = []
  for (const [anchor, at] of /** @type {const} */ ([
    ['fresh', start],
    ['again', start],
    ['moved', moved],
  ])) {
    if (anchor === 'moved') await new Promise((resolve) => setTimeout(resolve, STEP_WAIT_MS))
    const before = await stackProcess.databaseStats()
    const reply = await site.call('ensureDropsNear', at, measurer.idToken)
    // The stand-in counts a write when it applies it: the reply comes after every write the call made.
    const after = await stackProcess.databaseStats()
    if (!reply.ok) {
      bench.log(`spawn writes: ensureDropsNear refused (${reply.reason}); not measured`)
      return null
    }
    const delta = (/** @type {number} */ index) => (after[index]?.writes ?? 0) - (before[index]?.writes ?? 0)
    const regionIndex = after.findIndex((stats) => stats.url === regionUrl)
    const spawned = Number(reply.data?.spawned ?? 0)
    anchors.push({
      anchor,
      spawned,
      regionWrites: delta(regionIndex),
      allWrites: after.reduce((sum, _, index) => sum + delta(index), 0),
      // Nobody played at the fresh place: it spawned its whole spawn area. The others' areas are as large.
      markerWritesBefore: anchors[0]?.spawned ?? spawned,
    })
  }
  bench.log(
    `spawn writes: ${anchors
      .map(
        (anchor) =>
          `${anchor.anchor}: ${anchor.spawned} spawned, ${anchor.regionWrites} writes on the region's instance ` +
          `(${anchor.allWrites} in all; ${anchor.markerWritesBefore} marker transactions before the read)`,
      )
      .join('; ')}`,
  )
  return anchors
}
