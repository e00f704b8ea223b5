// The city bench's run itself (benchCity.mjs, docs/scale.md): the players split over the cities and play for
// `--seconds`, while each database instance's traffic and the CPU of the bench, the database stand-ins and the
// emulators are read, so a slow run can be told apart from a busy machine.

import { loadavg } from 'node:os'
import { readProcessTree } from '../../../tooling/stack/processTree.mjs'
import { seconds } from './cityBench.mjs'
import { CENTRE, CITY_RADIUS_METERS, JAKARTA } from './citySettings.mjs'
import { createCellWatcher } from './createCellWatcher.mjs'
import { createRandom } from './createRandom.mjs'
import { runCity } from './runCity.mjs'
import { watchDatabaseStats } from './watchDatabaseStats.mjs'

/** The play cities by name. */
const CENTRES = { Singapore: CENTRE, Jakarta: JAKARTA }

/**
 * Run `players` in `cityNames` (split evenly, in order) for `flags.runMs` through {@link runCity}.
 *
 * @param {import('./startCityStack.mjs').CityStack} site
 * @param {import('./setUpCityPlayers.mjs').Player[]} players
 * @param {(keyof typeof CENTRES)[]} cityNames
 * @example
 * ```js
 * const { run, cpuCoresDuringRun } = await playCities(site, players, ['Singapore'])
 * ```
 */
export async function playCities(site, players, cityNames) {
  const { bench, stackProcess } = site
  const perCity = Math.ceil(players.length / cityNames.length)
  const cities = cityNames.map((name, at) => ({
    name,
    centre: CENTRES[name],
    radiusMeters: CITY_RADIUS_METERS,
    players: players.slice(at * perCity, (at + 1) * perCity),
  }))
  bench.log(
    `run: ${cities.map((city) => `${city.players.length} players in ${city.name}`).join(', ')} for ${seconds(bench.flags.runMs)}…`,
  )
  const cpuBefore = { bench: process.cpuUsage(), stack: cpuSecondsOf(stackProcess.pid) }
  const watcher = createCellWatcher(site.databases.ofCell)
  bench.onCleanUp(async () => watcher.close())
  const databaseWatch = await watchDatabaseStats({ read: stackProcess.databaseStats })
  const run = await runCity({
    cities,
    call: site.call,
    watcher,
    durationMs: bench.flags.runMs,
    random: createRandom(8),
    shouldStop: () => bench.shouldStop(),
    onProgress: (line) => bench.log(`  ${line}`),
  })
  const databaseTraffic = await databaseWatch.stop()
  const loadAfterRun = loadavg()[0]
  const cpuAfter = { bench: process.cpuUsage(cpuBefore.bench), stack: cpuSecondsOf(stackProcess.pid) }
  // Cores each part kept busy on average during the run (2 = the whole machine).
  /** @param {number} cpuSeconds */
  const cores = (cpuSeconds) => Number((cpuSeconds / (run.runMs / 1000)).toFixed(2))
  const cpuCoresDuringRun = {
    bench: cores((cpuAfter.bench.user + cpuAfter.bench.system) / 1e6),
    database: cpuBefore.stack && cpuAfter.stack ? cores(cpuAfter.stack.own - cpuBefore.stack.own) : null,
    emulators: cpuBefore.stack && cpuAfter.stack ? cores(cpuAfter.stack.below - cpuBefore.stack.below) : null,
  }
  bench.log(`cpu: cores busy during the run ${JSON.stringify(cpuCoresDuringRun)} (load average ${loadAfterRun.toFixed(1)})`)
  bench.checkpoint('the run')
  return { cities, run, databaseTraffic, watcher, cpuCoresDuringRun, loadAfterRun }
}

/**
 * CPU seconds used so far by the stack's process itself (the database stand-in and the local chain) and by
 * everything below it (the emulators and their workers); `null` without `/proc`.
 * @param {number} pid
 */
function cpuSecondsOf(pid) {
  const tree = readProcessTree(pid)
  if (!tree) return null
  const own = tree[0]?.cpuSeconds ?? 0
  return { own, below: tree.reduce((sum, process) => sum + process.cpuSeconds, 0) - own }
}
