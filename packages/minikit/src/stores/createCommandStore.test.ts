import { expect, test, vi } from 'vitest'
import { createCommandStore } from './createCommandStore.js'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

test('default: idle → pending → success, notifying subscribers', async () => {
  const store = createCommandStore(async (n: number) => n * 2)
  const seen: string[] = []
  store.subscribe(() => seen.push(store.getState().status))
  expect(store.getState()).toEqual({
    status: 'idle',
    data: undefined,
    error: null,
    isIdle: true,
    isPending: false,
    isSuccess: false,
    isError: false,
  })
  const promise = store.execute(21)
  expect(store.getState()).toMatchObject({ status: 'pending', isIdle: false, isPending: true })
  await expect(promise).resolves.toBe(42)
  expect(store.getState()).toEqual({
    status: 'success',
    data: 42,
    error: null,
    isIdle: false,
    isPending: false,
    isSuccess: true,
    isError: false,
  })
  expect(seen).toEqual(['pending', 'success'])
})

test('error: a rejection is stored and rethrown', async () => {
  const failure = new TypeError('nope')
  const store = createCommandStore(async () => {
    throw failure
  })
  await expect(store.execute()).rejects.toBe(failure)
  expect(store.getState()).toMatchObject({ status: 'error', data: undefined, error: failure, isError: true, isSuccess: false })
})

test('error: a synchronous throw becomes a rejection; non-Error values are wrapped', async () => {
  const store = createCommandStore((): Promise<never> => {
    throw 'boom'
  })
  await expect(store.execute()).rejects.toBe('boom')
  expect(store.getState().error).toEqual(new Error('boom'))
  expect(store.getState().error?.cause).toBe('boom')
})

test('behavior: only the newest call settles the state', async () => {
  const calls = [deferred<string>(), deferred<string>()]
  let index = 0
  const store = createCommandStore(() => (calls[index++] as ReturnType<typeof deferred<string>>).promise)
  const older = store.execute()
  const newer = store.execute()
  calls[0]?.resolve('old')
  await expect(older).resolves.toBe('old')
  expect(store.getState().status).toBe('pending')
  calls[1]?.reject(new Error('new failed'))
  await expect(newer).rejects.toThrow('new failed')
  expect(store.getState()).toMatchObject({ status: 'error', data: undefined })
})

test('behavior: reset returns to idle and drops the call in flight', async () => {
  const call = deferred<number>()
  const store = createCommandStore(() => call.promise)
  const listener = vi.fn()
  const unsubscribe = store.subscribe(listener)
  const promise = store.execute()
  store.reset()
  expect(store.getState().status).toBe('idle')
  call.resolve(1)
  await expect(promise).resolves.toBe(1)
  expect(store.getState().status).toBe('idle')
  expect(listener).toHaveBeenCalledTimes(2)
  store.reset()
  expect(listener).toHaveBeenCalledTimes(2)
  unsubscribe()
  await store.execute()
  expect(listener).toHaveBeenCalledTimes(2)
})

test('behavior: a snapshot is frozen and stays the same object until the state changes', async () => {
  const store = createCommandStore(async () => 'ok')
  const before = store.getState()
  expect(Object.isFrozen(before)).toBe(true)
  expect(store.getState()).toBe(before)
  await store.execute()
  expect(store.getState()).not.toBe(before)
  expect(store.getState()).toBe(store.getState())
})
