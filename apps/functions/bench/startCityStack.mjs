// The city bench's local stack and its clients (benchCity.mjs, steps 1 and 2 of docs/scale.md): the stack on the
// bench's own ports, an Admin SDK handle per database instance, and the callables behind one concurrency limit
// per function, with the emulator's workers started before any load arrives.

import { LEADERBOARD_COUNTER_SHARDS } from '@worldmap/game'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { seconds } from './cityBench.mjs'
import { layoutOf, PORTS, PROJECT_ID, REGION } from './citySettings.mjs'
import { createCallableClient } from './createCallableClient.mjs'
import { createLimiter } from './createLimiter.mjs'
import { loadSignNonce } from './loadSignNonce.mjs'
import { openBenchDatabases } from './openBenchDatabases.mjs'
import { startStackProcess } from './startStackProcess.mjs'
import { warmWorkers } from './warmWorkers.mjs'

/**
 * Start the stack in a child process and open what the phases talk to it with; both are stopped by
 * `bench.cleanUp()`.
 *
 * @param {import('./cityBench.mjs').CityBench} bench
 * @returns {Promise<CityStack>}
 * @example
 * ```js
 * const site = await startCityStack(bench)
 * const warm = await site.warmUp()
 * ```
 */
export async function startCityStack(bench) {
  const { instances } = bench.flags
  bench.log(`stack: starting (ports ${JSON.stringify(PORTS)})…`)
  const started = performance.now()
  const stackProcess = await startStackProcess(
    {
      name: 'city',
      ports: PORTS,
      timeoutMs: 180_000,
      databases: instances,
      ...layoutOf(instances),
    },
    // firebase-tools gives up on a worker that takes over 30 s to start (and then never answers its request):
    // on a busy 2-core machine, let it take longer.
    { env: { FUNCTIONS_DISCOVERY_TIMEOUT: '150' } },
  )
  bench.onCleanUp(() => stackProcess.stop())
  const stackStartMs = Math.round(performance.now() - started)
  bench.log(`stack: ready in ${seconds(stackStartMs)} (pid ${stackProcess.pid}; emulator log ${stackProcess.stack.logFile})`)
  bench.checkpoint('the stack start')

  const admin = initializeApp(
    { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${stackProcess.stack.ports.database}/?ns=${PROJECT_ID}` },
    'bench-city',
  )
  bench.onCleanUp(() => deleteApp(admin))
  const databases = openBenchDatabases(admin, stackProcess.stack, PROJECT_ID)
  bench.log(`databases: ${databases.instances.map(({ url }) => `${url} (${holdsOf(databases, url)})`).join('; ')}`)
  return new CityStack(bench, stackProcess, stackStartMs, databases, await loadSignNonce())
}

/** The running stack, its databases and its callables, as every phase after the start uses them. */
export class CityStack {
  /**
   * @param {import('./cityBench.mjs').CityBench} bench
   * @param {import('./startStackProcess.mjs').StackProcess} stackProcess
   * @param {number} stackStartMs
   * @param {import('./openBenchDatabases.mjs').BenchDatabases} databases  One Admin SDK handle per instance, and
   *   the router the functions use: watchers, seeding and the audit read and write regional data where the
   *   functions put it.
   * @param {Awaited<ReturnType<typeof loadSignNonce>>} handleSignNonce  The app server's.
   */
  constructor(bench, stackProcess, stackStartMs, databases, handleSignNonce) {
    this.bench = bench
    this.stackProcess = stackProcess
    this.stack = stackProcess.stack
    this.stackStartMs = stackStartMs
    this.databases = databases
    this.handleSignNonce = handleSignNonce
    this.origin = appOriginOf(this.stack)
    /** @type {Map<string, ReturnType<typeof createLimiter>>} */
    this.limiters = new Map()
    this.limiterFor = this.limiterFor.bind(this)
    this.call = createCallableClient({
      functionsUrl: this.stack.urls.functions,
      projectId: PROJECT_ID,
      region: REGION,
      limiterFor: this.limiterFor,
    })
  }

  /**
   * One concurrency limit per function (the emulator keeps a worker pool per function) and one for Auth.
   * @param {string} name
   */
  limiterFor(name) {
    let limiter = this.limiters.get(name)
    if (!limiter) {
      limiter = createLimiter(this.bench.flags.concurrency)
      this.limiters.set(name, limiter)
    }
    return limiter
  }

  /** A nonce signed the way the app server signs it, for a player's SIWE message. @param {string} nonce */
  signedNonce(nonce) {
    const result = this.handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret: this.stack.nonceSecret })
    const signed = result.status === 200 && result.body && 'signedNonce' in result.body ? result.body.signedNonce : undefined
    if (typeof signed !== 'string') throw new Error(`handleSignNonce answered ${result.status}: ${JSON.stringify(result.body)}`)
    return signed
  }

  /** What each instance holds, for the report. @param {string} url */
  holds(url) {
    return holdsOf(this.databases, url)
  }

  /** `main` or `instance 1`, for the log. @param {string} url */
  instanceName(url) {
    const index = this.databases.instances.findIndex((instance) => instance.url === url)
    return index === 0 ? 'main' : index > 0 ? `instance ${index}` : url
  }

  /** Start `concurrency` emulator workers per function, so no worker starts in the middle of the run. */
  async warmUp() {
    const { concurrency } = this.bench.flags
    this.bench.log(`functions: starting ${concurrency} emulator workers per function…`)
    const warm = await warmWorkers({
      call: this.call,
      customTokenUrl: this.stack.urls.customToken,
      size: concurrency,
      stackPid: this.stackProcess.pid,
      shouldStop: () => this.bench.shouldStop(),
    })
    this.bench.log(
      `functions: warm in ${seconds(warm.ms)}; workers ${JSON.stringify(warm.workers)}; ` +
        `first (cold) request ${JSON.stringify(warm.coldStartMs)} ms`,
    )
    this.bench.checkpoint('the warm-up')
    return warm
  }
}

/**
 * The app origin the SIWE message must name: the first of the stack's configured origins (`stack.appOrigins`,
 * WORLDMAP_APP_ORIGINS), else `http://localhost:3000`, which local stacks always accept.
 * @param {{ appOrigins?: string[] }} stack
 */
function appOriginOf(stack) {
  const origin = stack.appOrigins?.find((value) => /^https?:\/\//.test(value))
  return origin ? new URL(origin).origin : 'http://localhost:3000'
}

/**
 * What an instance holds, for the report, from the router the functions use.
 * @param {Pick<import('./openBenchDatabases.mjs').BenchDatabases, 'table' | 'mainUrl' | 'router'>} databases
 * @param {string} url
 */
function holdsOf({ table, mainUrl, router }, url) {
  const prefixes = Object.keys(table).filter((prefix) => table[prefix] === url)
  const shards = Array.from({ length: LEADERBOARD_COUNTER_SHARDS }, (_, shard) => shard).filter(
    (shard) => router.instanceOfCounterShard(shard) === url,
  )
  const holds = [
    ...(url === mainUrl ? ['global (nonces, nullifiers, crowd counters, public cards)', 'every region not in the table'] : []),
    ...(prefixes.length ? [`regions ${prefixes.join(', ')}`] : []),
    ...(router.playerInstances.includes(url)
      ? [`players${router.playerInstances.length > 1 ? ` (1 of ${router.playerInstances.length})` : ''}`]
      : []),
    ...(shards.length === LEADERBOARD_COUNTER_SHARDS
      ? ['leaderboard']
      : shards.length
        ? [`leaderboard shards ${shards.join(', ')}`]
        : []),
    ...(router.leaderboardHome === url && shards.length < LEADERBOARD_COUNTER_SHARDS ? ['the week’s top'] : []),
  ]
  return holds.join(', ') || 'nothing'
}
