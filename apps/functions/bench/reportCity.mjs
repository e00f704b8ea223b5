// The city bench's report (benchCity.mjs, docs/scale.md): `.bench-results/city.json`, the goals it is judged by,
// and the summary printed at the end. Built from what the phases return, once they have all run, so a figure has
// one source.

import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname } from 'node:path'
import { seconds } from './cityBench.mjs'
import { BYTES_TOLERANCE, CENTRE, MAX_INSTANCE_SHARE, RESULT_FILE, SHARE_GOAL_FROM_INSTANCES } from './citySettings.mjs'
import { MARKERS_PER_ANCHOR_BEFORE } from './measureSpawnWrites.mjs'
import { percentile } from './percentile.mjs'

/**
 * @typedef {object} CityFacts  What the phases of benchCity.mjs returned.
 * @property {number} loadAtStart  The 1-minute load average when the bench started.
 * @property {Awaited<ReturnType<import('./startCityStack.mjs').CityStack['warmUp']>>} warm
 * @property {Awaited<ReturnType<typeof import('./setUpCityPlayers.mjs').setUpCityPlayers>>} signedIn
 * @property {Awaited<ReturnType<typeof import('./compareMapOpens.mjs').compareMapOpens>>} mapOpens
 * @property {Awaited<ReturnType<typeof import('./playCities.mjs').playCities>>} played
 * @property {Awaited<ReturnType<typeof import('./auditAwards.mjs').auditAwards>>} audit
 * @property {Awaited<ReturnType<typeof import('./measureCollectCosts.mjs').measureCollectCosts>>} costs
 * @property {Awaited<ReturnType<typeof import('./measureSpawnWrites.mjs').measureSpawnWrites>>} spawnWrites
 */
/** @typedef {ReturnType<typeof cityResult>} CityResult */

/**
 * The report: every figure of the run, the goals, and `ok` when every goal is met.
 *
 * @param {import('./startCityStack.mjs').CityStack} site @param {CityFacts} facts
 */
export function cityResult(site, facts) {
  const { bench, stack } = site
  const { warm, signedIn, mapOpens, played, audit, costs } = facts
  const { run, databaseTraffic } = played
  const { openEmpty, openBusy, busyWorld } = mapOpens
  const collects = run.collect.ok
  const bytesDiff = openEmpty.bytes > 0 ? Math.abs(openBusy.bytes - openEmpty.bytes) / openEmpty.bytes : 1
  const instances = withShares(databaseTraffic.instances).map((figures) => ({ ...figures, holds: site.holds(figures.url) }))
  const busiestShare = Math.max(0, ...instances.map((instance) => instance.share))
  const goals = {
    allPlayersReady: signedIn.players.length === bench.flags.players,
    doubleAwardsZero: audit.doubleAwards === 0,
    lostItemsZero: audit.lostItems === 0,
    mapOpenBytesWithin10Percent: bytesDiff <= BYTES_TOLERANCE,
    regionalDataOnItsInstance: audit.misroutedClaims === 0 && audit.misroutedSpawnMarkers === 0,
    playerRecordsOnTheirInstance: audit.misroutedPlayerRecords === 0,
    // With fewer instances some instance must hold two kinds of data: the share is reported, not judged.
    ...(bench.flags.instances >= SHARE_GOAL_FROM_INSTANCES
      ? { noInstanceOver40Percent: busiestShare <= MAX_INSTANCE_SHARE }
      : {}),
  }
  return {
    databaseInstances: bench.flags.instances,
    regionTable: stack.databaseRegions ?? '',
    players: signedIn.players.length,
    byCity: byCityFigures(run.byCity),
    collects,
    collectsPerSec: Number((collects / (run.runMs / 1000)).toFixed(2)),
    p50CollectMs: percentile(run.collect.ms, 50),
    p95CollectMs: percentile(run.collect.ms, 95),
    p99CollectMs: percentile(run.collect.ms, 99),
    p50CollectQueueMs: percentile(run.collect.waitMs, 50),
    p95CollectQueueMs: percentile(run.collect.waitMs, 95),
    doubleAwards: audit.doubleAwards,
    lostItems: audit.lostItems,
    /** Each database instance during the run (writes, writes/s, share of all writes, bytes, connections), main first. */
    instances,
    busiestInstanceShare: busiestShare,
    /**
     * Spawn-marker transactions per ensureDropsNear during the run: now (the markers read first, only missing cells
     * transacted: each reply's `spawned`) against every spawn-area cell transacted (up to 9 per call, before).
     */
    spawnMarkers: spawnMarkerFigures(run.spawnMarkers, facts.spawnWrites),
    ...ratesOf(run, signedIn.players.length),
    instancesWindowMs: databaseTraffic.windowMs,
    instancesSamples: databaseTraffic.samples,
    mapOpenBytesEmptyWorld: openEmpty.bytes,
    mapOpenBytesBusyWorld: openBusy.bytes,
    mapOpenBytesDiffPercent: Number((bytesDiff * 100).toFixed(2)),
    refusals: { collectDrop: run.collect.refusals, ensureDropsNear: run.ensure.refusals },
    heldBackByOwnQuota: { collectDrop: run.collect.heldBack, ensureDropsNear: run.ensure.heldBack },
    runDurationMs: Math.round(run.runMs),
    drainMs: Math.round(run.drainMs),
    collectAttempts: collects + Object.values(run.collect.refusals).reduce((sum, count) => sum + count, 0),
    racedDrops: [...run.attemptsByDrop.values()].filter((uids) => uids.size > 1).length,
    ensureDropsNear: { ok: run.ensure.ok, p50Ms: percentile(run.ensure.ms, 50), p95Ms: percentile(run.ensure.ms, 95) },
    audit,
    mapOpen: { spot: CENTRE, empty: openEmpty, busy: openBusy },
    busyWorld: {
      drops: busyWorld.drops,
      watchCells: busyWorld.watchCells,
      batches: busyWorld.batches,
      ms: busyWorld.ms,
      cities: busyWorld.cities.length,
      byInstance: busyWorld.byInstance,
    },
    collectDatabaseBytes: costs.collectCost,
    collectDatabaseBytesAcrossInstances: costs.crossCollectCost,
    setup: setupFigures(bench.flags.players, signedIn),
    coldStartMs: warm.coldStartMs,
    warmUpMs: warm.ms,
    emulatorWorkers: warm.workers,
    stackStartMs: site.stackStartMs,
    watcherUpdates: played.watcher.updates,
    maxTickLagMs: Math.round(run.maxTickLagMs),
    cpuCoresDuringRun: played.cpuCoresDuringRun,
    concurrency: bench.flags.concurrency,
    appOrigin: site.origin,
    cities: played.cities.map(({ name, centre, radiusMeters }) => ({ name, centre, radiusMeters })),
    machine: machineFigures(facts.loadAtStart, played.loadAfterRun),
    goals,
    ok: Object.values(goals).every(Boolean),
    startedAt: new Date(bench.started).toISOString(),
    durationMs: Date.now() - bench.started,
  }
}

/**
 * Collects and anchors (ensureDropsNear that answered) per player per minute: the rates the sizing in
 * docs/scale.md multiplies out.
 * @param {CityFacts['played']['run']} run @param {number} players
 */
function ratesOf(run, players) {
  const perMinute = (/** @type {number} */ count) => Number((count / Math.max(1, players) / (run.runMs / 60_000)).toFixed(3))
  return {
    collectsPerPlayerPerMinute: perMinute(run.collect.ok),
    anchorsPerPlayerPerMinute: perMinute(run.spawnMarkers.firstAnchors.calls + run.spawnMarkers.reanchors.calls),
  }
}

/**
 * Spawn-marker transactions per ensureDropsNear during the run: now (the markers read first, only missing cells
 * transacted: each reply's `spawned`) against every spawn-area cell transacted (up to 9 per call, before), and
 * the write messages counted around three anchors of one player (measureSpawnWrites).
 *
 * @param {import('./runCity.mjs').CityStats['spawnMarkers']} spawnMarkers
 * @param {CityFacts['spawnWrites']} measured
 */
function spawnMarkerFigures(spawnMarkers, measured) {
  const { firstAnchors, reanchors } = spawnMarkers
  const calls = firstAnchors.calls + reanchors.calls
  return {
    ...spawnMarkers,
    perCall: calls ? Number(((firstAnchors.created + reanchors.created) / calls).toFixed(2)) : null,
    perReanchor: reanchors.calls ? Number((reanchors.created / reanchors.calls).toFixed(2)) : null,
    // One transaction per spawn-area cell: as measured at a fresh place, else the 9 cells at most.
    perCallBefore: measured?.[0]?.spawned ?? MARKERS_PER_ANCHOR_BEFORE,
    measured,
  }
}

/**
 * Each instance's share of all writes over the run (0–1, two decimals kept as a fraction of 1).
 * @template {{ writes: number }} T
 * @param {T[]} instances
 * @returns {(T & { share: number })[]}
 */
export function withShares(instances) {
  const total = instances.reduce((sum, instance) => sum + instance.writes, 0)
  return instances.map((instance) => ({ ...instance, share: total > 0 ? Number((instance.writes / total).toFixed(3)) : 0 }))
}

/**
 * Each city's counts, with its collects' p50 and p95 in place of their times.
 * @param {import('./runCity.mjs').CityStats['byCity']} byCity
 */
function byCityFigures(byCity) {
  return Object.fromEntries(
    Object.entries(byCity).map(([name, { collectMs, ...city }]) => [
      name,
      { ...city, p50CollectMs: percentile(collectMs, 50), p95CollectMs: percentile(collectMs, 95) },
    ]),
  )
}

/** @param {number} players @param {CityFacts['signedIn']} signedIn */
function setupFigures(players, { ready, setupMs, setup }) {
  return {
    players: players + 2,
    ready,
    ms: setupMs,
    signInP50Ms: percentile(setup.signInMs, 50),
    signInP95Ms: percentile(setup.signInMs, 95),
    verifyP50Ms: percentile(setup.verifyMs, 50),
    verifyP95Ms: percentile(setup.verifyMs, 95),
    failures: setup.failures,
  }
}

/** @param {number} loadAtStart @param {number} loadAfterRun */
function machineFigures(loadAtStart, loadAfterRun) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    // Other work on the machine competes with the stack: the 1-minute load average at the start and after the run.
    loadAverageAtStart: Number(loadAtStart.toFixed(2)),
    loadAverageAfterRun: Number(loadAfterRun.toFixed(2)),
  }
}

/** Write the report to {@link RESULT_FILE}. @param {CityResult} result */
export function writeCityResult(result) {
  mkdirSync(dirname(RESULT_FILE), { recursive: true })
  writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`)
}

/**
 * The summary at the end of the log.
 * @param {import('./startCityStack.mjs').CityStack} site @param {CityFacts} facts @param {CityResult} result
 */
export function printCityReport(site, facts, result) {
  const { log } = site.bench
  const { run } = facts.played
  const { audit, goals } = result
  log('')
  log(`players              ${result.players} (signed in + verified in ${seconds(facts.signedIn.setupMs)})`)
  log(`collects             ${result.collects} in ${seconds(run.runMs)} → ${result.collectsPerSec}/s`)
  for (const [name, city] of Object.entries(run.byCity)) {
    log(
      `  ${name.padEnd(19)}${city.players} players, ${city.collects} collects (p50 ${percentile(city.collectMs, 50)} ms, ` +
        `p95 ${percentile(city.collectMs, 95)} ms), ${city.ensureOk} ensureDropsNear ok`,
    )
  }
  log(`collect latency      p50 ${result.p50CollectMs} ms, p95 ${result.p95CollectMs} ms, p99 ${result.p99CollectMs} ms`)
  log(
    `  queued before it    p50 ${result.p50CollectQueueMs} ms, p95 ${result.p95CollectQueueMs} ms (${result.concurrency} at once per function)`,
  )
  log(
    `ensureDropsNear      ${run.ensure.ok} ok, p50 ${result.ensureDropsNear.p50Ms} ms, p95 ${result.ensureDropsNear.p95Ms} ms` +
      ` (${run.ensure.ok}/${result.players} players had their map)`,
  )
  log(`races                ${result.racedDrops} drops tried by more than one player; ${result.collectAttempts} attempts`)
  log(
    `rates                ${result.collectsPerPlayerPerMinute} collects and ${result.anchorsPerPlayerPerMinute} anchors per player per minute`,
  )
  const markers = result.spawnMarkers
  log(
    `spawn markers        ${markers.perCall} transactions per ensureDropsNear (${markers.firstAnchors.calls} first anchors: ` +
      `${markers.firstAnchors.created}; ${markers.reanchors.calls} re-anchors: ${markers.reanchors.created}, ` +
      `${markers.perReanchor} each) — ${markers.perCallBefore} each (the spawn area) before the markers were read first`,
  )
  log(`refusals             collectDrop ${JSON.stringify(run.collect.refusals)}`)
  log(`                     ensureDropsNear ${JSON.stringify(run.ensure.refusals)}`)
  log(`double awards        ${audit.doubleAwards}   (goal 0)`)
  log(`lost items           ${audit.lostItems}   (goal 0; ${audit.claims} claims, ${audit.inventoryItems} items)`)
  log(
    `map-open bytes       empty world ${result.mapOpenBytesEmptyWorld}, busy world (${result.busyWorld.drops} drops elsewhere) ` +
      `${result.mapOpenBytesBusyWorld} → ${result.mapOpenBytesDiffPercent}% (goal ≤ ${BYTES_TOLERANCE * 100}%)`,
  )
  printInstances(site, result)
  log(`results              ${RESULT_FILE}`)
  const missed = Object.entries(goals).filter(([, met]) => !met)
  log(`goals                ${result.ok ? 'all met' : `MISSED: ${missed.map(([goal]) => goal).join(', ')}`}`)
}

/**
 * Each database instance's traffic over the run, and where the claims went.
 * @param {import('./startCityStack.mjs').CityStack} site @param {CityResult} result
 */
function printInstances(site, { instances, instancesWindowMs, instancesSamples, audit }) {
  const { log } = site.bench
  log(`database instances   over the run (${seconds(instancesWindowMs)}, ${instancesSamples} samples):`)
  const rows = [
    ['instance', 'writes', 'writes/s', 'peak/s', 'share', 'bytes in', 'bytes out', 'conn. peak', 'holds'],
    ...instances.map((instance) => [
      site.instanceName(instance.url),
      String(instance.writes),
      String(instance.writesPerSec),
      String(instance.peakWritesPerSec),
      `${(instance.share * 100).toFixed(1)} %`,
      String(instance.bytesIn),
      String(instance.bytesOut),
      String(instance.peakConnectionsInWindow),
      instance.holds,
    ]),
  ]
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? []
  for (const row of rows)
    log(`  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')}`)
  log(
    `player records       per instance ${JSON.stringify(
      Object.fromEntries(Object.entries(audit.playerRecordsByInstance).map(([url, count]) => [site.instanceName(url), count])),
    )}; misrouted ${audit.misroutedPlayerRecords} (goal 0)`,
  )
  const claims = Object.entries(audit.claimsByInstance).map(([url, count]) => [site.instanceName(url), count])
  log(
    `regional data        claims per instance ${JSON.stringify(Object.fromEntries(claims))}; ` +
      `misrouted claims ${audit.misroutedClaims}, spawn markers ${audit.misroutedSpawnMarkers} (goal 0)`,
  )
}
