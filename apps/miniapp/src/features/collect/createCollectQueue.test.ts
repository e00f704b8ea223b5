// The collect queue without React: the states a collect goes through, the
// pending list that survives a lost reply, and the reveals, one at a time.
import type { MapDrop } from '@worldmap/game'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import type { CollectDropResult, MapDataSource } from '../drops/MapDataSource.js'
import { CollectDropError } from './CollectDropError.js'
import { COLLECT_TIMEOUT_MS, type CollectQueueOptions, createCollectQueue } from './createCollectQueue.js'
import { createPendingCollects } from './pendingCollects.js'

const drop: MapDrop = {
  id: 'w21z73t_997459_3',
  lat: 1.3,
  lng: 103.8,
  kind: 'gem',
  rarity: 'rare',
  expiresAt: Date.now() + 600_000,
}
const fix = { lat: 1.3, lng: 103.8, accuracy: 5 }
const reply: CollectDropResult = {
  itemId: drop.id,
  distance: 3,
  item: { kind: 'gem', rarity: 'rare' },
  firstFind: true,
  count: 1,
}
const Reveal = (() => null) as unknown as React.ComponentType<CatchRevealProps>

/** A refusal as the Firebase client rejects with it. */
const refused = (callableCode: string, code: string) =>
  Object.assign(new Error('refused'), { code: `functions/${callableCode}`, details: { code } })

function setUp(collect: MapDataSource['collect'], overrides: Partial<CollectQueueOptions> = {}) {
  const storage = new Map<string, string>()
  const pending = createPendingCollects(
    {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    '0xabc',
    () => Date.now(),
  )
  const options: CollectQueueOptions = {
    dataSource: { collect } as MapDataSource,
    pending,
    loadCatchReveal: vi.fn(async () => Reveal),
    offline: false,
    onGone: vi.fn(),
    onCollected: vi.fn(),
    haptic: vi.fn(),
    onNotice: vi.fn(),
    ...overrides,
  }
  const queue = createCollectQueue(options)
  const states: string[] = []
  queue.subscribe(() => {
    const { state } = queue.getSnapshot()
    if (states.at(-1) !== state.status) states.push(state.status)
  })
  return { queue, options, pending, states }
}

afterEach(() => vi.useRealTimers())

describe('createCollectQueue', () => {
  test('default: busy, then idle with the catch queued for its reveal; the drop leaves the map and the pending list', async () => {
    const { queue, options, pending, states } = setUp(async () => reply)
    queue.collect(drop, fix)
    expect(queue.getSnapshot().state).toEqual({ status: 'busy', dropId: drop.id })
    // Written before the call is answered: a reload from here on still ends in the reveal.
    expect(pending.list().map((entry) => entry.dropId)).toEqual([drop.id])
    await vi.waitFor(() => expect(queue.getSnapshot().queue).toHaveLength(1))
    expect(queue.getSnapshot().queue[0]).toMatchObject({
      dropId: drop.id,
      caught: { item: reply.item, firstFind: true, count: 1 },
      Reveal,
    })
    expect(states).toEqual(['busy', 'idle'])
    expect(options.onGone).toHaveBeenCalledWith(drop.id)
    expect(options.onCollected).toHaveBeenCalledWith(drop.id)
    expect(pending.list()).toEqual([])
    queue.dismiss()
    expect(queue.getSnapshot().queue).toEqual([])
  })

  test('behavior: a reply later than the timeout is slow first, then the catch; a Retry after it changes nothing', async () => {
    vi.useFakeTimers()
    let answer: (value: CollectDropResult) => void = () => {}
    const collect = vi.fn(() => new Promise<CollectDropResult>((resolve) => (answer = resolve)))
    const { queue } = setUp(collect)
    queue.collect(drop, fix)
    vi.advanceTimersByTime(COLLECT_TIMEOUT_MS)
    expect(queue.getSnapshot().state).toMatchObject({ status: 'slow', dropId: drop.id, error: { code: 'timeout' } })
    answer(reply)
    await vi.waitFor(() => expect(queue.getSnapshot().queue).toHaveLength(1))
    expect(queue.getSnapshot().state).toEqual({ status: 'idle' })
    queue.collect(drop, fix)
    expect(collect).toHaveBeenCalledTimes(1)
  })

  test('error: a refusal for good fails with its reason, leaves the pending list, and buzzes once', async () => {
    const { queue, options, pending } = setUp(async () => Promise.reject(refused('out-of-range', 'out_of_reach')))
    queue.collect(drop, fix)
    await vi.waitFor(() => expect(queue.getSnapshot().state.status).toBe('failed'))
    const { state } = queue.getSnapshot()
    expect(state.status === 'failed' && state.error).toBeInstanceOf(CollectDropError)
    expect(state).toMatchObject({ error: { code: 'out_of_reach' } })
    expect(pending.list()).toEqual([])
    expect(options.haptic).toHaveBeenCalledWith('error')
    // A drop gone for good leaves the map too.
    const gone = setUp(async () => Promise.reject(refused('already-exists', 'already_collected')))
    gone.queue.collect(drop, fix)
    await vi.waitFor(() => expect(gone.options.onGone).toHaveBeenCalledWith(drop.id))
  })

  test('behavior: a lost reply stays pending; resume asks again and reveals the catch, resolving while it asks', async () => {
    const collect = vi.fn<MapDataSource['collect']>().mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { queue, pending } = setUp(collect)
    queue.collect(drop, fix)
    await vi.waitFor(() => expect(queue.getSnapshot().state).toMatchObject({ status: 'failed', error: { code: 'network' } }))
    expect(pending.list().map((entry) => entry.dropId)).toEqual([drop.id])
    collect.mockResolvedValueOnce(reply)
    const resolving: boolean[] = []
    queue.subscribe(() => resolving.push(queue.getSnapshot().resolving))
    queue.resume()
    await vi.waitFor(() => expect(queue.getSnapshot().queue).toHaveLength(1))
    expect(resolving).toContain(true)
    expect(queue.getSnapshot().resolving).toBe(false)
    expect(pending.list()).toEqual([])
  })

  test('behavior: offline, a failure is "offline" (saved), not "could not reach"', async () => {
    const { queue } = setUp(async () => Promise.reject(new TypeError('Failed to fetch')), { offline: true })
    queue.collect(drop, fix)
    await vi.waitFor(() => expect(queue.getSnapshot().state).toMatchObject({ status: 'failed', error: { code: 'offline' } }))
  })

  test('behavior: a reveal whose chunk cannot load is said in a notice and revealed at the next resume', async () => {
    const loadCatchReveal = vi.fn<CollectQueueOptions['loadCatchReveal']>().mockRejectedValueOnce(new Error('chunk'))
    loadCatchReveal.mockResolvedValue(Reveal)
    const { queue, options } = setUp(async () => reply, { loadCatchReveal })
    queue.collect(drop, fix)
    await vi.waitFor(() => expect(options.onNotice).toHaveBeenCalledWith({ type: 'added', item: reply.item }))
    expect(queue.getSnapshot().queue).toEqual([])
    queue.resume()
    await vi.waitFor(() => expect(queue.getSnapshot().queue).toHaveLength(1))
  })

  test('behavior: stopped (the screen gone), a reply changes nothing; reset goes back to idle', async () => {
    let answer: (value: CollectDropResult) => void = () => {}
    const { queue, options } = setUp(() => new Promise<CollectDropResult>((resolve) => (answer = resolve)))
    queue.collect(drop, fix)
    queue.reset()
    expect(queue.getSnapshot().state).toEqual({ status: 'idle' })
    queue.stop()
    answer(reply)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(queue.getSnapshot().queue).toEqual([])
    expect(options.onGone).not.toHaveBeenCalled()
  })
})
