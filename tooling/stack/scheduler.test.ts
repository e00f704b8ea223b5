import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createScheduler,
  parseSchedule,
  readScheduledFunctions,
  SchedulerError,
  triggerScheduledFunction,
  // @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
} from './scheduler.mjs'

afterEach(() => {
  vi.useRealTimers()
})

/** A promise and its resolve/reject, to hold a run open for as long as a test wants. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((done, fail) => {
    resolve = done
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('parseSchedule', () => {
  test('default: "every 10 minutes" (the purge\'s schedule) is 600,000 ms', () => {
    expect(parseSchedule('every 10 minutes')).toBe(600_000)
  })

  test('behavior: seconds, minutes, hours and days, singular or plural, any case and spacing', () => {
    expect(parseSchedule('every 1 minute')).toBe(60_000)
    expect(parseSchedule('every 30 seconds')).toBe(30_000)
    expect(parseSchedule('  Every 2  Hours ')).toBe(7_200_000)
    expect(parseSchedule('every 1 day')).toBe(86_400_000)
  })

  test.each([
    '*/10 * * * *',
    'every day 00:00',
    'every 5 minutes from 10:00 to 14:00',
    'every 0 minutes',
    'every -1 minutes',
    'every ten minutes',
    '',
  ])('error: %j is refused with unsupported_schedule, never guessed', (schedule) => {
    expect(() => parseSchedule(schedule)).toThrow(SchedulerError)
    expect(() => parseSchedule(schedule)).toThrow(expect.objectContaining({ code: 'unsupported_schedule' }))
  })
})

describe('createScheduler', () => {
  test('default: the first run is one interval after start, then one per interval', async () => {
    vi.useFakeTimers()
    const run = vi.fn(async () => {})
    const scheduler = createScheduler({ jobs: [{ name: 'purge', intervalMs: 1000, run }] })
    await vi.advanceTimersByTimeAsync(999)
    expect(run).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(run).toHaveBeenCalledTimes(4)
    expect(scheduler.stats().purge).toEqual({ runs: 4, failures: 0, skipped: 0, running: false })
    await scheduler.stop()
  })

  test('behavior: a run longer than the interval is never overlapped: the ticks during it are skipped and logged', async () => {
    vi.useFakeTimers()
    const slow = deferred()
    let concurrent = 0
    let maxConcurrent = 0
    const run = vi.fn(async () => {
      concurrent += 1
      maxConcurrent = Math.max(maxConcurrent, concurrent)
      await slow.promise
      concurrent -= 1
    })
    const lines: string[] = []
    const scheduler = createScheduler({ jobs: [{ name: 'purge', intervalMs: 1000, run }], log: (line) => lines.push(line) })
    await vi.advanceTimersByTimeAsync(3500) // ticks at 1, 2 and 3 s: the first is still running at 2 and 3
    expect(run).toHaveBeenCalledTimes(1)
    expect(scheduler.stats().purge).toEqual({ runs: 0, failures: 0, skipped: 2, running: true })
    expect(lines.filter((line) => line.includes('skipped'))).toHaveLength(2)
    slow.resolve()
    await vi.advanceTimersByTimeAsync(500) // the tick at 4 s starts a new run
    expect(run).toHaveBeenCalledTimes(2)
    expect(maxConcurrent).toBe(1)
    await scheduler.stop()
  })

  test('error: a failing run is logged and runs again at the next tick', async () => {
    vi.useFakeTimers()
    const run = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('database unavailable')).mockResolvedValue(undefined)
    const lines: string[] = []
    const scheduler = createScheduler({ jobs: [{ name: 'purge', intervalMs: 1000, run }], log: (line) => lines.push(line) })
    await vi.advanceTimersByTimeAsync(1000)
    expect(lines.at(-1)).toBe('scheduler: purge failed (database unavailable); it runs again at the next tick')
    expect(scheduler.stats().purge).toMatchObject({ runs: 0, failures: 1 })
    await vi.advanceTimersByTimeAsync(1000)
    expect(run).toHaveBeenCalledTimes(2)
    expect(scheduler.stats().purge).toMatchObject({ runs: 1, failures: 1 })
    await scheduler.stop()
  })

  test('behavior: stop() clears every timer and aborts the run in flight; nothing runs afterwards', async () => {
    vi.useFakeTimers()
    let seen: AbortSignal | undefined
    const run = vi.fn(
      (signal: AbortSignal) =>
        new Promise<void>((_, fail) => {
          seen = signal
          signal.addEventListener('abort', () => fail(new Error('aborted')))
        }),
    )
    const other = vi.fn(async () => {})
    const scheduler = createScheduler({
      jobs: [
        { name: 'purge', intervalMs: 1000, run },
        { name: 'other', intervalMs: 700, run: other },
      ],
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(vi.getTimerCount()).toBe(2)
    await scheduler.stop()
    expect(seen?.aborted).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    // An aborted run is the stop's doing, not a failure to report.
    expect(scheduler.stats().purge).toEqual({ runs: 0, failures: 0, skipped: 0, running: false })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).toHaveBeenCalledTimes(1)
    expect(other).toHaveBeenCalledTimes(1)
  })
})

describe('the Functions emulator side', () => {
  const servers: Server[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
  })

  /** A stand-in for the emulator's HTTP face: records requests, answers with `reply`. */
  async function fakeEmulator(reply: (url: string) => { status: number; body?: unknown }) {
    const requests: { method: string; url: string; headers: Record<string, unknown> }[] = []
    const server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
      const { status, body } = reply(req.url ?? '')
      // Text as text (the emulator's 404 listing), anything else as JSON.
      const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body)
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' }).end(text)
    })
    servers.push(server)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests }
  }

  test('default: readScheduledFunctions lists the scheduled triggers with their declared schedule, nothing else', async () => {
    const emulator = await fakeEmulator(() => ({
      status: 200,
      body: {
        backends: [
          {
            functionTriggers: [
              { name: 'collectDrop', region: 'asia-southeast1', httpsTrigger: {} },
              {
                name: 'purgeExpiredData',
                region: 'asia-southeast1',
                eventTrigger: { eventType: 'pubsub', resource: '' },
                schedule: { schedule: 'every 10 minutes', timeZone: null, retryConfig: { retryCount: 1 } },
              },
            ],
          },
        ],
      },
    }))
    expect(await readScheduledFunctions(emulator.url)).toEqual([
      { name: 'purgeExpiredData', region: 'asia-southeast1', schedule: 'every 10 minutes' },
    ])
    expect(emulator.requests[0]).toMatchObject({ method: 'GET', url: '/backends' })
  })

  test('error: readScheduledFunctions → discovery_failed when the emulator does not answer', async () => {
    const emulator = await fakeEmulator(() => ({ status: 404 }))
    await expect(readScheduledFunctions(emulator.url)).rejects.toMatchObject({ code: 'discovery_failed' })
  })

  /** As firebase-tools 15 answers: the scheduled trigger is registered under its reload generation. */
  const listing = (url: string) =>
    url.endsWith('/purgeExpiredData-2')
      ? { status: 200 }
      : {
          status: 404,
          body: 'Function x does not exist, valid functions are: asia-southeast1-collectDrop, asia-southeast1-purgeExpiredData-1, asia-southeast1-purgeExpiredData-2',
        }

  test("default: triggerScheduledFunction POSTs to the newest generation of the function's route with Cloud Scheduler's headers", async () => {
    const emulator = await fakeEmulator(listing)
    await triggerScheduledFunction({
      functionsUrl: emulator.url,
      projectId: 'demo-worldmap',
      name: 'purgeExpiredData',
      region: 'asia-southeast1',
    })
    expect(emulator.requests).toHaveLength(2)
    expect(emulator.requests[0]).toMatchObject({ method: 'GET', url: '/demo-worldmap/asia-southeast1/worldmap-scheduler-lookup' })
    expect(emulator.requests[1]).toMatchObject({
      method: 'POST',
      url: '/demo-worldmap/asia-southeast1/purgeExpiredData-2',
      headers: {
        'x-cloudscheduler-jobname': 'firebase-schedule-purgeExpiredData-asia-southeast1',
        'x-cloudscheduler-scheduletime': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    })
  })

  test('error: triggerScheduledFunction → run_failed when the function answers 500 (its handler threw)', async () => {
    const emulator = await fakeEmulator((url) => (url.endsWith('/purgeExpiredData-2') ? { status: 500 } : listing(url)))
    await expect(
      triggerScheduledFunction({
        functionsUrl: emulator.url,
        projectId: 'demo-worldmap',
        name: 'purgeExpiredData',
        region: 'asia-southeast1',
      }),
    ).rejects.toMatchObject({ name: 'SchedulerError', code: 'run_failed', message: expect.stringContaining('HTTP 500') })
  })

  test('error: triggerScheduledFunction → run_failed, nothing POSTed, when the emulator has not loaded the function', async () => {
    const emulator = await fakeEmulator((url) => listing(url.replace('purgeExpiredData', 'x')))
    await expect(
      triggerScheduledFunction({
        functionsUrl: emulator.url,
        projectId: 'demo-worldmap',
        name: 'other',
        region: 'asia-southeast1',
      }),
    ).rejects.toMatchObject({ code: 'run_failed', message: expect.stringContaining('no function asia-southeast1-other') })
    expect(emulator.requests.every((request) => request.method === 'GET')).toBe(true)
  })
})
