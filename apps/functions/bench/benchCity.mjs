#!/usr/bin/env node
// `pnpm bench:city`: a city-scale load run against the local stack (issue 11,
// point 8; the figures and what they mean for production are in docs/scale.md).
//
// It starts its own stack on its own ports (so it runs next to `pnpm dev`),
// signs in N players the real way (a viem key per player → a SIWE message for
// the app's origin → onRequestCustomToken → the Auth emulator's
// signInWithCustomToken), verifies each one through the real verifyHuman
// callable with a proof from the simulator's World ID (one identity each, so
// nullifiers differ), then:
//
// 1. map-open bytes, empty world: a fresh Firebase JS SDK client opens the map
//    at the city centre (ensureDropsNear + listen to the 9 watch cells) through
//    counting TCP proxies;
// 2. writes 100,000 drops into other cities' watch cells (Admin SDK,
//    multi-path batches) and measures the same map open again (busy world);
// 3. runs the players for 60 s in the city: walking at 1.4 m/s, ensureDropsNear
//    on start and every 250 m, nearest drop, collectDrop within reach, quotas
//    kept, refusals counted by reason;
// 4. reads every claim, inventory and profile back through the Admin SDK:
//    double awards and lost items must be 0.
//
// With `--instances=N` (2 to 8; issue 22, point 7 and issue 35, point 4) the
// stack runs N database stand-ins laid out by citySettings' `layoutOf`: main
// keeps what must be global, then Singapore's and Jakarta's regions, the
// players' records and the leaderboard get instances of their own (4 = main,
// both regions, players, leaderboard). Half the players play in Singapore,
// half in Jakarta; the busy world's drops go to main, away from the instances
// the cities read; every Admin SDK handle of the bench goes where the
// functions' router sends the cell or the player; and it reports each
// instance's writes, writes/s, share of all writes, bytes and connections over
// the run (with 4 or more, no instance may take over 40 %), and what an anchor
// writes in spawn markers (measureSpawnWrites).
//
// Writes .bench-results/city.json, prints a summary, and exits 1 when a goal
// is missed (doubleAwards = 0, lostItems = 0, map-open bytes within 10%,
// every player signed in and verified, regional data and player records on
// their instances, no instance over 40 % of the writes with 4 or more).
// Everything runs on 127.0.0.1; bounded loops and a hard deadline; whatever it
// started is stopped by PID / stack.stop(), also on error and Ctrl-C.
//
// This file is the table of contents: each phase is a module of its own here (startCityStack, setUpCityPlayers,
// compareMapOpens, playCities, measureCollectCosts, reportCity), and they share one CityBench (cityBench.mjs), so
// they stop at the same deadline and leave nothing running behind them.
//
//   pnpm bench:city [-- --instances=1 --players=300 --seconds=60 --concurrency=8 --busy-drops=100000]
//   pnpm bench:city -- --instances=2          # 600 players: 300 in Singapore, 300 in Jakarta
//   pnpm bench:city -- --instances=4 --players=1000

import { cpus, loadavg, totalmem } from 'node:os'
import { auditAwards } from './auditAwards.mjs'
import { CityBench, seconds } from './cityBench.mjs'
import { citiesOf, readCityFlags } from './citySettings.mjs'
import { compareMapOpens } from './compareMapOpens.mjs'
import { measureCollectCosts } from './measureCollectCosts.mjs'
import { measureSpawnWrites } from './measureSpawnWrites.mjs'
import { playCities } from './playCities.mjs'
import { cityResult, printCityReport, writeCityResult } from './reportCity.mjs'
import { setUpCityPlayers } from './setUpCityPlayers.mjs'
import { startCityStack } from './startCityStack.mjs'

/** @param {string} line */
const log = (line) => console.log(line)

/**
 * The bench, phase by phase (each module says why it is there); resolves whether every goal was met.
 * @param {CityBench} bench
 */
async function main(bench) {
  const { instances, players, runMs, concurrency } = bench.flags
  /** @type {('Singapore' | 'Jakarta')[]} */
  const cityNames = citiesOf(instances)
  log(
    `city load run: ${players} players, ${seconds(runMs)} in ${cityNames.join(' and ')}, ${concurrency} requests at once, ` +
      `${instances} database instance${instances === 1 ? '' : 's'}`,
  )
  const loadAtStart = loadavg()[0]
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `load average ${loadAtStart.toFixed(1)}`,
  )
  // 1. The stack, on its own ports, in a child process, and its emulator workers started.
  const site = await startCityStack(bench)
  const warm = await site.warmUp()
  // 2. Sign in and verify every player (+ 2 who measure the map open).
  const signedIn = await setUpCityPlayers(site)
  // 3. Map-open bytes, empty vs busy world, in one spawn window.
  const mapOpens = await compareMapOpens(site, { ...signedIn, playCities: cityNames })
  // 4. The city run: the players split over the cities (Singapore first).
  const played = await playCities(site, signedIn.players, cityNames)
  // 5. Read everything back.
  log('audit: reading claims, inventories and profiles back…')
  const audit = await auditAwards(site.databases, played.run.successes)
  // 6. What one collect costs the database, in the busy world's spawn window.
  const costs = await measureCollectCosts(site, { window: mapOpens.window, sample: mapOpens.busyWorld.sample })
  // 7. What an anchor costs in spawn-marker writes, now that the markers are read first.
  const spawnWrites = await measureSpawnWrites(site, signedIn.measurerSpawn)
  const facts = { loadAtStart, warm, signedIn, mapOpens, played, audit, costs, spawnWrites }
  const result = cityResult(site, facts)
  writeCityResult(result)
  printCityReport(site, facts, result)
  return result.ok
}

const bench = new CityBench(readCityFlags(process.argv), log)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (bench.interrupted) return
    bench.interrupted = true
    console.error(`\n${signal}: stopping…`)
    // Loops notice `interrupted`; if the current phase does not, stop anyway after a grace period.
    setTimeout(() => bench.cleanUp().then(() => process.exit(130)), 15_000).unref()
  })
}

let ok = false
try {
  ok = await main(bench)
} catch (error) {
  console.error(`\ncity load run failed: ${error instanceof Error ? error.message : error}`)
} finally {
  log('stack: stopping…')
  await bench.cleanUp()
}
process.exit(bench.interrupted ? 130 : ok ? 0 : 1)
