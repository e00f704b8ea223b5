// The polling loop (start/stop) under fake timers. WebCrypto still runs for
// real, so tests wait for state changes with `until` rather than for time.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeBridge, deferred, type FakeBridge, PROOF, REQUEST_ID, reply, settle, until } from '../../test/fakeBridge.js'
import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { BridgeExpiredError } from '../errors/bridge/BridgeExpiredError.js'
import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { generateBridgeKey } from './bridgeKey.js'
import { type BridgeSession, type BridgeSessionConfig, createBridgeSession } from './createBridgeSession.js'

let bridge: FakeBridge
let visibility: DocumentVisibilityState

beforeEach(() => {
  vi.useFakeTimers()
  bridge = createFakeBridge()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})

// A test that fails half-way must not leave its loop listening to the shared document.
const sessions: BridgeSession[] = []

afterEach(() => {
  for (const s of sessions.splice(0)) s.stop()
  vi.useRealTimers()
  Reflect.deleteProperty(document, 'visibilityState')
})

function session(config: Partial<BridgeSessionConfig> = {}): BridgeSession {
  const s = createBridgeSession({ app_id: 'app_0123456789abcdef', action: 'vote', fetch: bridge.fetch, ...config })
  sessions.push(s)
  return s
}

const awaiting = (s: BridgeSession) => until(s, (state) => state.verificationState === 'awaiting_connection')

function setVisibility(next: DocumentVisibilityState) {
  visibility = next
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Advance fake time and let the resulting poll settle; returns the number of polls so far. */
async function advance(ms: number): Promise<number> {
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
  return bridge.polls
}

describe('start', () => {
  test('default', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    expect(bridge.creates).toBe(1)
    expect(await advance(2_999)).toBe(0)
    expect(await advance(1)).toBe(1)
    const created = s.getState()
    await bridge.answer(created.key, PROOF)
    await vi.advanceTimersByTimeAsync(10_000)
    const final = await done
    expect(final.verificationState).toBe('confirmed')
    expect(final.result).toEqual(PROOF)
    expect(final).toBe(s.getState())
    // Confirmed ends the loop: no more requests, however long we wait.
    const polls = bridge.polls
    expect(await advance(600_000)).toBe(polls)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: backs off ×1.5 up to maxPollInterval (default 2 × pollInterval) while the status is unchanged', async () => {
    const s = session()
    void s.start()
    await awaiting(s)
    const times: number[] = []
    const t0 = Date.now()
    bridge.poll = (call) => {
      times.push(Date.now() - t0)
      return bridge.defaultPoll(call)
    }
    await advance(40_000)
    expect(times).toEqual([3_000, 7_500, 13_500, 19_500, 25_500, 31_500, 37_500])
    s.stop()
  })

  test('behavior: a status change resets the interval', async () => {
    const s = session()
    void s.start()
    await awaiting(s)
    const times: number[] = []
    const t0 = Date.now()
    bridge.poll = (call) => {
      times.push(Date.now() - t0)
      // The wallet fetches the request between the third and the fourth poll.
      if (times.length === 4) bridge.status = 'retrieved'
      return bridge.defaultPoll(call)
    }
    await advance(25_000)
    expect(times).toEqual([3_000, 7_500, 13_500, 19_500, 22_500])
    expect(s.getState().verificationState).toBe('awaiting_app')
    s.stop()
  })

  test('parameters: pollInterval and maxPollInterval', async () => {
    const s = session({ pollInterval: 1_000, maxPollInterval: 1_500 })
    void s.start()
    await awaiting(s)
    const times: number[] = []
    const t0 = Date.now()
    bridge.poll = (call) => {
      times.push(Date.now() - t0)
      return bridge.defaultPoll(call)
    }
    await advance(6_000)
    expect(times).toEqual([1_000, 2_500, 4_000, 5_500])
    s.stop()
  })

  test('parameters: invalid timings fall back to the defaults', async () => {
    const s = session({ pollInterval: -1, maxPollInterval: Number.NaN, expiresAfter: 0 })
    void s.start()
    await awaiting(s)
    expect(await advance(2_999)).toBe(0)
    expect(await advance(1)).toBe(1)
    await advance(200_000)
    expect(s.getState().verificationState).toBe('awaiting_connection')
    s.stop()
  })

  test('behavior: polls are serialised — a slow poll plus timer ticks never make two requests', async () => {
    const gate = deferred<void>()
    const s = session()
    void s.start()
    await awaiting(s)
    await bridge.answer(s.getState().key, PROOF)
    bridge.poll = async (call) => {
      await gate.promise
      return bridge.defaultPoll(call)
    }
    expect(await advance(3_000)).toBe(1)
    // Minutes pass while the first poll hangs; a manual poll joins it instead of starting another.
    expect(await advance(60_000)).toBe(1)
    const manual = s.pollForUpdates()
    expect(bridge.polls).toBe(1)
    gate.resolve()
    expect((await manual).verificationState).toBe('confirmed')
    // The bridge would answer a second read with 404; there is none, so confirmed stays.
    expect(await advance(60_000)).toBe(1)
    expect(s.getState().verificationState).toBe('confirmed')
  })

  test('behavior: the next poll is scheduled only after the previous one settled', async () => {
    const gates: Array<() => void> = []
    const s = session()
    void s.start()
    await awaiting(s)
    const times: number[] = []
    const t0 = Date.now()
    bridge.poll = async (call) => {
      times.push(Date.now() - t0)
      await new Promise<void>((resolve) => gates.push(resolve))
      return bridge.defaultPoll(call)
    }
    await advance(10_000)
    expect(times).toEqual([3_000])
    // Released at 10 s: the next poll comes one (backed-off) interval later, not at a fixed beat.
    gates.shift()?.()
    await settle()
    await advance(4_499)
    expect(times).toEqual([3_000])
    await advance(1)
    expect(times).toEqual([3_000, 14_500])
    s.stop()
  })

  test('behavior: expires at 300 s after create with connection_failed', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    await advance(299_999)
    expect(s.getState().verificationState).toBe('awaiting_connection')
    const polls = bridge.polls
    await advance(1)
    const final = await done
    expect(final.verificationState).toBe('failed')
    expect(final.errorCode).toBe('connection_failed')
    expect(final.error).toBeInstanceOf(BridgeExpiredError)
    expect(final.error?.shortMessage).toBe('The verification request expired.')
    expect(bridge.polls).toBe(polls)
    expect(await advance(60_000)).toBe(polls)
  })

  test('parameters: expiresAfter', async () => {
    const s = session({ expiresAfter: 10_000 })
    const done = s.start()
    await awaiting(s)
    await advance(10_000)
    expect((await done).error).toBeInstanceOf(BridgeExpiredError)
  })

  test('behavior: expiry lets a poll already in flight land first', async () => {
    const gate = deferred<void>()
    const s = session({ expiresAfter: 10_000, pollInterval: 9_000 })
    const done = s.start()
    await awaiting(s)
    await bridge.answer(s.getState().key, PROOF)
    bridge.poll = async (call) => {
      await gate.promise
      return bridge.defaultPoll(call)
    }
    await advance(10_000)
    expect(s.getState().verificationState).toBe('awaiting_connection')
    gate.resolve()
    expect((await done).verificationState).toBe('confirmed')
  })

  test('behavior: a manual poll after the expiry fails without a request', async () => {
    const s = session({ expiresAfter: 10_000 })
    await s.createClient()
    vi.setSystemTime(Date.now() + 10_000)
    const state = await s.pollForUpdates()
    expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'connection_failed' })
    expect(state.error).toBeInstanceOf(BridgeExpiredError)
    expect(bridge.polls).toBe(0)
  })

  test('behavior: pauses while the page is hidden and polls at once when it is visible again', async () => {
    const s = session()
    void s.start()
    await awaiting(s)
    expect(await advance(3_000)).toBe(1)
    setVisibility('hidden')
    expect(await advance(120_000)).toBe(1)
    setVisibility('visible')
    await settle()
    expect(bridge.polls).toBe(2)
    // …and the back-off restarts: that poll counts as the first step (3 s × 1.5).
    expect(await advance(4_499)).toBe(2)
    expect(await advance(1)).toBe(3)
    s.stop()
  })

  test('behavior: the expiry still applies while hidden', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    setVisibility('hidden')
    await advance(300_000)
    expect((await done).errorCode).toBe('connection_failed')
    expect(bridge.polls).toBe(0)
  })

  test('behavior: started while hidden, it creates the request but polls only once visible', async () => {
    visibility = 'hidden'
    const s = session()
    void s.start()
    await awaiting(s)
    expect(await advance(30_000)).toBe(0)
    setVisibility('visible')
    await settle()
    expect(bridge.polls).toBe(1)
    s.stop()
  })

  test('behavior: a hidden → visible flip during a poll does not start a second one', async () => {
    const gate = deferred<void>()
    const s = session()
    void s.start()
    await awaiting(s)
    bridge.poll = async (call) => {
      await gate.promise
      return bridge.defaultPoll(call)
    }
    await advance(3_000)
    setVisibility('hidden')
    setVisibility('visible')
    await settle()
    expect(bridge.polls).toBe(1)
    expect(vi.getTimerCount()).toBe(1)
    gate.resolve()
    await settle()
    // Exactly one timer is armed for the next poll (plus the expiry timer).
    expect(vi.getTimerCount()).toBe(2)
    s.stop()
  })

  test('behavior: idempotent — two starts share one loop and one request', async () => {
    const s = session()
    const a = s.start()
    const b = s.start()
    expect(b).toBe(a)
    await awaiting(s)
    expect(bridge.creates).toBe(1)
    expect(await advance(3_000)).toBe(1)
    s.stop()
    expect(await a).toBe(s.getState())
  })

  test('behavior: stop() clears the timers and keeps the state; start() resumes', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    s.stop()
    expect((await done).verificationState).toBe('awaiting_connection')
    expect(vi.getTimerCount()).toBe(0)
    expect(await advance(60_000)).toBe(0)
    void s.start()
    expect(bridge.creates).toBe(1)
    expect(await advance(3_000)).toBe(1)
    s.stop()
  })

  test('behavior: start() after createClient() polls the existing request', async () => {
    const s = session()
    await s.createClient()
    void s.start()
    expect(await advance(3_000)).toBe(1)
    expect(bridge.creates).toBe(1)
    s.stop()
  })

  test('behavior: start() during a manual createClient() waits for it', async () => {
    const gate = deferred<Response>()
    bridge.create = () => gate.promise
    const s = session()
    const created = s.createClient()
    void s.start()
    gate.resolve(reply({ request_id: REQUEST_ID }))
    await created
    expect(bridge.creates).toBe(1)
    expect(await advance(3_000)).toBe(1)
    s.stop()
  })

  test('parameters: an AbortSignal stops the loop', async () => {
    const controller = new AbortController()
    const s = session()
    const done = s.start({ signal: controller.signal })
    await awaiting(s)
    controller.abort()
    expect((await done).verificationState).toBe('awaiting_connection')
    expect(await advance(60_000)).toBe(0)
  })

  test('parameters: an already aborted signal starts nothing', async () => {
    const s = session()
    const state = await s.start({ signal: AbortSignal.abort() })
    expect(state.verificationState).toBe('loading_widget')
    expect(bridge.calls).toEqual([])
  })

  test('behavior: a terminal state resolves start() at once', async () => {
    const s = session()
    await s.createClient()
    bridge.poll = () => reply(null, 404)
    await s.pollForUpdates()
    expect((await s.start()).verificationState).toBe('failed')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('error: a failed create ends the loop with generic_error, without an unhandled rejection', async () => {
    bridge.create = () => reply({}, 502)
    const final = await session().start()
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
    expect(final.error).toBeInstanceOf(BridgeRequestError)
    expect(final.error?.shortMessage).toBe('Failed to create client')
  })

  test('error: a 404 poll ends the loop with connection_failed', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    bridge.poll = () => reply(null, 404)
    await advance(3_000)
    const final = await done
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'connection_failed' })
    expect((final.error as BridgeRequestError).status).toBe(404)
  })

  test('error: an undecryptable answer ends the loop as such, not as connection_failed', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    await bridge.answer(await generateBridgeKey(), PROOF)
    await advance(3_000)
    const final = await done
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
    expect(final.error).toBeInstanceOf(BridgeDecryptionError)
    // IDKit's loop would poll again, get 404 and report connection_failed.
    expect(await advance(60_000)).toBe(1)
  })

  test('behavior: an error_code answer ends the loop with that code', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    await bridge.answer(s.getState().key, { error_code: 'verification_rejected' })
    await advance(3_000)
    expect(await done).toMatchObject({ verificationState: 'failed', errorCode: 'verification_rejected', error: null })
  })

  test('behavior: reset() ends the loop; start() then creates a new request', async () => {
    const s = session()
    const done = s.start()
    await awaiting(s)
    s.reset()
    expect((await done).verificationState).toBe('loading_widget')
    expect(await advance(60_000)).toBe(0)
    void s.start()
    await awaiting(s)
    expect(bridge.creates).toBe(2)
    s.stop()
  })

  test('behavior: the visibilitychange listener is removed when the loop ends', async () => {
    const add = vi.spyOn(document, 'addEventListener')
    const remove = vi.spyOn(document, 'removeEventListener')
    const s = session()
    void s.start()
    await awaiting(s)
    expect(add).toHaveBeenCalledWith('visibilitychange', expect.any(Function))
    s.stop()
    expect(remove).toHaveBeenCalledWith('visibilitychange', add.mock.calls[0]?.[1])
  })
})
