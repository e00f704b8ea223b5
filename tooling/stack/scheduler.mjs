// The local stack's stand-in for Cloud Scheduler. The Functions emulator
// (firebase-tools 15) loads a v2 `onSchedule` function but never runs it: it
// wants the Pub/Sub emulator (Java, which this machine has not) and logs
// "function ignored because the pubsub emulator does not exist or is not
// running". It still serves the function at its HTTP route, the way Cloud
// Scheduler calls it in production (POST, `X-CloudScheduler-*` headers), so
// this calls that route on the function's own schedule: the whole deployed
// path runs (onInit's configuration check, getGameContext, the handler), not a
// copy of the purge.
//
// The schedule is read from the emulator's own discovery of the functions
// (`GET /backends` on the Functions emulator: each scheduled trigger's
// `schedule.schedule`), so `apps/functions/src/index.ts` stays the one place
// that says "every 10 minutes".
//
// What can break us, modelled: a run longer than the interval never overlaps
// the next (that tick is skipped, and logged); a failing run is logged and
// simply runs again at the next tick; stop() clears every timer and aborts a
// run in flight (no process of its own: nothing to kill).

/** Milliseconds per unit of App Engine cron's `every N <unit>`. */
const UNIT_MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 }

/** A schedule we cannot run locally, a run that failed, or a discovery that failed; `code` says which. */
export class SchedulerError extends Error {
  /** @override */
  name = 'SchedulerError'
  /** @param {string} message @param {{ code: 'unsupported_schedule' | 'run_failed' | 'discovery_failed', cause?: unknown }} detail */
  constructor(message, detail) {
    super(message, detail.cause === undefined ? undefined : { cause: detail.cause })
    this.code = detail.code
  }
}

/**
 * The interval of a schedule in the `every N minutes` form (App Engine cron syntax, which Cloud Scheduler takes
 * from `onSchedule`): seconds, minutes, hours or days. Anything else (unix crontab, `from … to …`, `every day
 * 00:00`) is refused rather than guessed: a function scheduled locally at the wrong rate would hide the bug this
 * stand-in is here to show.
 *
 * @param {string} schedule
 * @returns {number} milliseconds between runs
 * @throws {SchedulerError} `unsupported_schedule`
 * @example
 * parseSchedule('every 10 minutes') // 600000
 * parseSchedule('every 1 hour') // 3600000
 */
export function parseSchedule(schedule) {
  const match = /^every\s+(\d+)\s+(second|minute|hour|day)s?$/i.exec(String(schedule).trim())
  const count = match ? Number(match[1]) : 0
  if (!match || !Number.isSafeInteger(count) || count < 1) {
    throw new SchedulerError(
      `The local scheduler runs only schedules like "every 10 minutes", not ${JSON.stringify(schedule)}: ` +
        'extend parseSchedule in tooling/stack/scheduler.mjs before using another form.',
      { code: 'unsupported_schedule' },
    )
  }
  return count * UNIT_MS[/** @type {keyof typeof UNIT_MS} */ (/** @type {string} */ (match[2]).toLowerCase())]
}

/**
 * @typedef {{ name: string, intervalMs: number, run: (signal: AbortSignal) => Promise<void> }} ScheduledJob
 * @typedef {{ runs: number, failures: number, skipped: number, running: boolean }} JobStats
 */

/**
 * Run each job every `intervalMs` (the first run one interval after start, as Cloud Scheduler does), one run at
 * a time per job: a tick that finds the previous run still going is skipped and logged, a run that throws is
 * logged and the next tick tries again. `stop()` clears the timers, aborts the runs in flight (their `signal`)
 * and resolves once they have settled.
 *
 * @param {{ jobs: ScheduledJob[], log?: (line: string) => void }} options
 * @returns {{ stop: () => Promise<void>, stats: () => Record<string, JobStats> }}
 * @example
 * const scheduler = createScheduler({ jobs: [{ name: 'purge', intervalMs: 600_000, run: purge }], log: console.log })
 * // … later
 * await scheduler.stop()
 */
export function createScheduler({ jobs, log = () => {} }) {
  const controller = new AbortController()
  /** @type {Map<string, JobStats & { inFlight: Promise<void> | null }>} */
  const state = new Map(jobs.map((job) => [job.name, { runs: 0, failures: 0, skipped: 0, running: false, inFlight: null }]))
  const timers = jobs.map((job) => {
    const entry = /** @type {JobStats & { inFlight: Promise<void> | null }} */ (state.get(job.name))
    const tick = () => {
      if (controller.signal.aborted) return
      if (entry.inFlight) {
        entry.skipped += 1
        log(`scheduler: ${job.name} skipped this tick, its previous run is still going (no overlap)`)
        return
      }
      const started = Date.now()
      entry.running = true
      entry.inFlight = job
        .run(controller.signal)
        .then(
          () => {
            entry.runs += 1
            log(`scheduler: ${job.name} ran in ${Date.now() - started} ms`)
          },
          (error) => {
            if (controller.signal.aborted) return
            entry.failures += 1
            log(
              `scheduler: ${job.name} failed (${/** @type {Error | undefined} */ (error)?.message ?? error}); it runs again at the next tick`,
            )
          },
        )
        .finally(() => {
          entry.running = false
          entry.inFlight = null
        })
    }
    return setInterval(tick, job.intervalMs)
  })
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer)
      controller.abort()
      await Promise.all([...state.values()].map((entry) => entry.inFlight))
    },
    stats: () =>
      Object.fromEntries(
        [...state].map(([name, { runs, failures, skipped, running }]) => [name, { runs, failures, skipped, running }]),
      ),
  }
}

/**
 * The scheduled functions the Functions emulator has loaded, with their schedules as declared in `onSchedule`
 * (the emulator's `GET /backends`).
 *
 * @param {string} functionsUrl the Functions emulator, e.g. `http://127.0.0.1:5001`
 * @returns {Promise<{ name: string, region: string, schedule: string }[]>}
 * @throws {SchedulerError} `discovery_failed`
 * @example
 * await readScheduledFunctions('http://127.0.0.1:5001')
 * // [{ name: 'purgeExpiredData', region: 'asia-southeast1', schedule: 'every 10 minutes' }]
 */
export async function readScheduledFunctions(functionsUrl) {
  /** @type {{ backends?: unknown } | null} */
  let body
  try {
    const response = await fetch(`${functionsUrl}/backends`)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    throw new SchedulerError(
      `The Functions emulator did not list its functions (${/** @type {Error | undefined} */ (error)?.message ?? error}).`,
      {
        code: 'discovery_failed',
        cause: error,
      },
    )
  }
  const triggers = (Array.isArray(body?.backends) ? body.backends : []).flatMap(
    (/** @type {{ functionTriggers?: unknown }} */ backend) =>
      Array.isArray(backend?.functionTriggers) ? backend.functionTriggers : [],
  )
  return /** @type {Array<{ name?: unknown, region?: unknown, schedule: { schedule: string } }>} */ (
    triggers.filter(
      (/** @type {{ schedule?: { schedule?: unknown } }} */ trigger) => typeof trigger?.schedule?.schedule === 'string',
    )
  ).map((trigger) => ({ name: String(trigger.name), region: String(trigger.region), schedule: trigger.schedule.schedule }))
}

/**
 * Call a scheduled function as Cloud Scheduler does: POST to its HTTP route with the job's headers. The
 * function answers 200 when its handler resolved and 500 when it threw.
 *
 * @param {{ functionsUrl: string, projectId: string, name: string, region: string, signal?: AbortSignal }} target
 * @throws {SchedulerError} `run_failed`
 * @example
 * await triggerScheduledFunction({ functionsUrl: 'http://127.0.0.1:5001', projectId: 'demo-worldmap',
 *   name: 'purgeExpiredData', region: 'asia-southeast1' })
 */
export async function triggerScheduledFunction({ functionsUrl, projectId, name, region, signal }) {
  const route = await findTriggerRoute({ functionsUrl, projectId, name, region, signal })
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/${route}`, {
    method: 'POST',
    headers: {
      'X-CloudScheduler-JobName': `firebase-schedule-${name}-${region}`,
      'X-CloudScheduler-ScheduleTime': new Date().toISOString(),
    },
    ...(signal ? { signal } : {}),
  })
  await response.arrayBuffer()
  if (!response.ok) {
    throw new SchedulerError(`${name} answered HTTP ${response.status} (see the functions log)`, { code: 'run_failed' })
  }
}

/**
 * The emulator registers an event-style trigger (a schedule is one) under `{region}-{name}-{generation}`, the
 * generation growing each time it reloads the functions' code, and publishes that key nowhere but in the list
 * of valid functions it answers an unknown route with. So each run asks (an unknown route runs no function) and
 * takes the newest generation; a plain `{name}` is used if the emulator ever registers it so.
 *
 * @param {{ functionsUrl: string, projectId: string, name: string, region: string, signal?: AbortSignal }} target
 * @returns {Promise<string>} the route's last segment, e.g. `purgeExpiredData-0`
 * @throws {SchedulerError} `run_failed` when the emulator has no such function
 */
async function findTriggerRoute({ functionsUrl, projectId, name, region, signal }) {
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/worldmap-scheduler-lookup`, {
    ...(signal ? { signal } : {}),
  })
  const listing = await response.text()
  const keys = (/valid functions are: (.*)$/s.exec(listing)?.[1] ?? '').split(',').map((key) => key.trim())
  const prefix = `${region}-${name}`
  if (keys.includes(prefix)) return name
  const generations = keys
    .map((key) => (key.startsWith(`${prefix}-`) ? Number(key.slice(prefix.length + 1)) : Number.NaN))
    .filter((generation) => Number.isInteger(generation))
  if (generations.length === 0) {
    throw new SchedulerError(`The Functions emulator has no function ${prefix} loaded`, { code: 'run_failed' })
  }
  return `${name}-${Math.max(...generations)}`
}

/**
 * Discover the emulator's scheduled functions and call each on its own schedule. `everyMs` replaces every
 * interval (tests: seconds instead of minutes; logged, so nobody mistakes it for the deployed rate).
 *
 * @param {{ functionsUrl: string, projectId: string, everyMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ stop: () => Promise<void>, stats: () => Record<string, JobStats>,
 *   functions: { name: string, region: string, schedule: string, intervalMs: number }[] }>}
 * @throws {SchedulerError} `discovery_failed`, or `unsupported_schedule` for a schedule parseSchedule refuses
 * @example
 * const scheduler = await startFunctionScheduler({ functionsUrl: 'http://127.0.0.1:5001', projectId: 'demo-worldmap' })
 * await scheduler.stop()
 */
export async function startFunctionScheduler({ functionsUrl, projectId, everyMs, log = () => {} }) {
  const functions = (await readScheduledFunctions(functionsUrl)).map((entry) => {
    // Parsed even when overridden: an unsupported schedule fails every stack, not only the dev one.
    const declaredMs = parseSchedule(entry.schedule)
    return { ...entry, intervalMs: everyMs ?? declaredMs }
  })
  for (const { name, schedule, intervalMs } of functions) {
    const rate = everyMs === undefined ? schedule : `every ${intervalMs} ms (declared: ${schedule})`
    log(`scheduler  ${name} ${rate} (local stand-in for Cloud Scheduler)`)
  }
  const scheduler = createScheduler({
    log,
    jobs: functions.map(({ name, region, intervalMs }) => ({
      name,
      intervalMs,
      run: (signal) => triggerScheduledFunction({ functionsUrl, projectId, name, region, signal }),
    })),
  })
  return { ...scheduler, functions }
}
