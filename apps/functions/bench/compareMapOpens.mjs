// The city bench's map-open A/B (benchCity.mjs, docs/scale.md): the bytes a fresh client reads to open the map at
// the city centre, in an empty world and again after 100,000 drops elsewhere. Both opens and the seeding fall in
// one spawn window, so the only difference between them is the drops elsewhere.

import { cellOf, spawnWindowOf, watchCellsAround } from '@worldmap/game'
import { seconds } from './cityBench.mjs'
import { CENTRE, PROJECT_ID, REGION, WINDOW_MARGIN_MS } from './citySettings.mjs'
import { createRandom } from './createRandom.mjs'
import { measureMapOpen } from './measureMapOpen.mjs'
import { seedBusyWorld } from './seedBusyWorld.mjs'

/** @typedef {Awaited<ReturnType<typeof measureMapOpen>>} MapOpen */
/** @typedef {import('./setUpCityPlayers.mjs').Player} Player */

/**
 * Open the map at {@link CENTRE} as `measurerEmpty`, write `flags.busyDrops` drops into other cities (none in
 * `playCities`), and open it again as `measurerBusy`. Throws when a busy-world drop lands on the instance the map
 * reads.
 *
 * @param {import('./startCityStack.mjs').CityStack} site
 * @param {{ measurerEmpty: Player, measurerBusy: Player, playCities: string[] }} options
 * @example
 * ```js
 * const { openEmpty, openBusy } = await compareMapOpens(site, { measurerEmpty, measurerBusy, playCities: ['Singapore'] })
 * ```
 */
export async function compareMapOpens(site, { measurerEmpty, measurerBusy, playCities }) {
  const { bench, databases } = site
  const window = await waitForRoomInWindow(bench)
  // Spawn the spot first, so both opens find the same cells.
  await spawnSpot(site, measurerEmpty)
  const openEmpty = await measure(site, measurerEmpty, 'empty')
  bench.log(
    `map open, empty world: ${openEmpty.bytes} bytes (${openEmpty.drops} drops in ${openEmpty.cells} cells; ` +
      `database bytes per instance: ${perInstance(site, openEmpty)}; functions ${openEmpty.functionsBytes})`,
  )
  bench.checkpoint('the empty-world map open')

  // With 2 instances the busy world goes to the instance the map above does NOT read (main: the map's cells are
  // Singapore's, on region instance 1), and Jakarta, where players play, is left out of it.
  const spotInstance = databases.instanceOfCell(cellOf(CENTRE.lat, CENTRE.lng))
  const busyWorld = await seedElsewhere(site, window, new Set(playCities))
  if (bench.flags.instances > 1 && busyWorld.byInstance[spotInstance]) {
    throw new Error(`${busyWorld.byInstance[spotInstance]} busy-world drops went to the map's own instance (${spotInstance})`)
  }
  bench.checkpoint('the seeding')
  const openBusy = await measure(site, measurerBusy, 'busy')
  bench.log(
    `map open, busy world: ${openBusy.bytes} bytes (${openBusy.drops} drops in ${openBusy.cells} cells; ` +
      `database bytes per instance: ${perInstance(site, openBusy)}; functions ${openBusy.functionsBytes})`,
  )
  if (spawnWindowOf(Date.now()).index !== window.index) bench.log('warning: the spawn window changed between the two map opens')
  bench.checkpoint('the busy-world map open')
  return { window, openEmpty, openBusy, busyWorld }
}

/**
 * The spawn window to measure in: this one, or the next when this one ends in under {@link WINDOW_MARGIN_MS}.
 * @param {import('./cityBench.mjs').CityBench} bench
 */
async function waitForRoomInWindow(bench) {
  const windowEnd = spawnWindowOf(Date.now()).end
  if (windowEnd - Date.now() < WINDOW_MARGIN_MS) {
    bench.log(`window: ${seconds(windowEnd - Date.now())} left in this spawn window; waiting for the next one…`)
    while (Date.now() < windowEnd + 1_000) {
      bench.checkpoint('the wait for the next window')
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  }
  return spawnWindowOf(Date.now())
}

/**
 * ensureDropsNear at {@link CENTRE}; throws when it fails or the functions are older than the reply it expects.
 * @param {import('./startCityStack.mjs').CityStack} site @param {Player} player
 */
async function spawnSpot(site, player) {
  const spawned = await site.call('ensureDropsNear', CENTRE, player.idToken)
  if (!spawned.ok) throw new Error(`ensureDropsNear failed at the spot: ${spawned.reason} ${spawned.message}`)
  if (!Number.isInteger(spawned.data?.window) || !Array.isArray(spawned.data?.cells)) {
    throw new Error(
      'ensureDropsNear does not reply {window, expiresAt, cells, spawned} (docs/data-model.md): ' +
        'rebuild the functions (`pnpm --filter @worldmap/functions build`)',
    )
  }
}

/** @param {import('./startCityStack.mjs').CityStack} site @param {Player} player @param {string} name */
function measure(site, player, name) {
  return measureMapOpen({
    stack: site.stack,
    customToken: player.customToken,
    spot: CENTRE,
    projectId: PROJECT_ID,
    region: REGION,
    name,
  })
}

/**
 * Bytes per instance the client read from, for the log.
 * @param {import('./startCityStack.mjs').CityStack} site @param {{ byInstance: { url: string, down: number }[] }} open
 */
function perInstance(site, open) {
  return open.byInstance.map(({ url, down }) => `${site.instanceName(url)} ${down}`).join(', ')
}

/**
 * The busy world: `flags.busyDrops` drops in other cities' watch cells, none around {@link CENTRE} or in `skipCities`.
 * @param {import('./startCityStack.mjs').CityStack} site
 * @param {ReturnType<typeof spawnWindowOf>} window @param {Set<string>} skipCities
 */
async function seedElsewhere(site, window, skipCities) {
  const { bench, databases } = site
  bench.log(`busy world: writing ${bench.flags.busyDrops} drops into other cities…`)
  const busyWorld = await seedBusyWorld((cell) => ({ key: databases.instanceOfCell(cell), database: databases.ofCell(cell) }), {
    window: window.index,
    expiresAt: window.end,
    count: bench.flags.busyDrops,
    avoidCells: new Set(watchCellsAround(CENTRE.lat, CENTRE.lng)),
    skipCities,
    random: createRandom(11),
  })
  bench.log(
    `busy world: ${busyWorld.drops} drops in ${busyWorld.watchCells} watch cells of ${busyWorld.cities.length} cities, ` +
      `${busyWorld.batches} batches, ${seconds(busyWorld.ms)}; per instance ` +
      Object.entries(busyWorld.byInstance)
        .map(([url, drops]) => `${site.instanceName(url)} ${drops}`)
        .join(', '),
  )
  return busyWorld
}
