// What one collect costs the database, for the city bench's report (benchCity.mjs, docs/scale.md): the functions'
// own code on a counted connection, on drops far from every player, so the run's traffic is not in the figures.
// Both need drops of the spawn window the busy world was written in; in a later one they are skipped (null).

import { parseDropId, spawnWindowOf } from '@worldmap/game'
import { PROJECT_ID, REGION_SAMPLE } from './citySettings.mjs'
import { createRandom } from './createRandom.mjs'
import { measureCollectBytes } from './measureCollectBytes.mjs'
import { seedBusyWorld } from './seedBusyWorld.mjs'

/** @typedef {Awaited<ReturnType<typeof measureCollectBytes>>} CollectBytes */

/**
 * 20 collects of the busy world's drops on the main instance (with the players' data), and with a region
 * instance 20 more that cross instances.
 *
 * @param {import('./startCityStack.mjs').CityStack} site
 * @param {{ window: ReturnType<typeof spawnWindowOf>, sample: { id: string, lat: number, lng: number }[] }} busyWorld
 *   `window`: the spawn window the busy world's drops (`sample`) live in.
 * @returns {Promise<{ collectCost: CollectBytes | null, crossCollectCost: CollectBytes | null }>}
 * @example
 * ```js
 * const { collectCost } = await measureCollectCosts(site, { window, sample: busyWorld.sample })
 * ```
 */
export async function measureCollectCosts(site, { window, sample }) {
  const { databases, stack, bench } = site
  let collectCost = null
  const onMain = sample.filter((drop) => databases.instanceOfCell(parseDropId(drop.id)?.cell ?? '') === databases.mainUrl)
  if (spawnWindowOf(Date.now()).index === window.index && onMain.length > 0) {
    collectCost = await measureCollectBytes({ port: stack.ports.database, projectId: PROJECT_ID, drops: onMain.slice(0, 20) })
    bench.log(
      `collect cost: ${collectCost.downBytesPerCollect} bytes down, ${collectCost.upBytesPerCollect} bytes up per collect ` +
        `(database ↔ function, ${collectCost.collects} collects)`,
    )
  }
  return { collectCost, crossCollectCost: await measureCrossCollectCost(site, window) }
}

/**
 * The same for a collect that crosses instances: drops in the region's prefix (w21) far from the players, the claim
 * on region instance 1, the inventory and the player's data on main. `null` with one instance.
 *
 * @param {import('./startCityStack.mjs').CityStack} site @param {ReturnType<typeof spawnWindowOf>} window
 */
async function measureCrossCollectCost(site, window) {
  const { databases, stack, bench } = site
  const regionInstance = databases.instances[1]
  if (!regionInstance || spawnWindowOf(Date.now()).index !== window.index) return null
  const far = await seedBusyWorld((cell) => ({ key: databases.instanceOfCell(cell), database: databases.ofCell(cell) }), {
    window: window.index,
    expiresAt: window.end,
    count: 40,
    avoidCells: new Set(),
    places: [REGION_SAMPLE],
    random: createRandom(5),
  })
  const onRegion = far.sample.filter((drop) => databases.instanceOfCell(parseDropId(drop.id)?.cell ?? '') === regionInstance.url)
  if (onRegion.length === 0) return null
  const url = new URL(regionInstance.url)
  const crossCollectCost = await measureCollectBytes({
    port: stack.ports.database,
    projectId: PROJECT_ID,
    drops: onRegion.slice(0, 20),
    region: { port: Number(url.port), namespace: url.searchParams.get('ns') ?? '' },
  })
  bench.log(
    `collect cost across instances: main ${crossCollectCost.main.down} down / ${crossCollectCost.main.up} up, ` +
      `region 1 ${crossCollectCost.region?.down} down / ${crossCollectCost.region?.up} up bytes per collect ` +
      `(${crossCollectCost.collects} collects)`,
  )
  return crossCollectCost
}
