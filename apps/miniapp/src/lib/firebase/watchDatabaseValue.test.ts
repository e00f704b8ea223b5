// watchDatabaseValue loads the SDK on first use and listens on the instance it is given:
// the SDK and getFirebaseDatabase are replaced by recorders, so nothing connects.
import { afterEach, expect, test, vi } from 'vitest'

const opened: (string | undefined)[] = []
vi.mock('./getFirebaseDatabase.js', () => ({
  getFirebaseDatabase: vi.fn((_config: unknown, instanceUrl?: string) => {
    opened.push(instanceUrl)
    return { instanceUrl }
  }),
}))
const listeners: { path: string; instance: unknown; onValue: (snapshot: { val(): unknown }) => void; stop: () => void }[] = []
vi.mock('firebase/database', () => ({
  ref: (database: { instanceUrl?: string }, path: string) => ({ path, instance: database.instanceUrl }),
  onValue: (target: { path: string; instance: unknown }, onValue: (snapshot: { val(): unknown }) => void) => {
    const stop = vi.fn()
    listeners.push({ ...target, onValue, stop })
    return stop
  },
}))

const { readClientConfig } = await import('../config/readClientConfig.js')
const { watchDatabaseValue } = await import('./watchDatabaseValue.js')
const config = readClientConfig({}, { hostname: 'localhost', origin: 'http://localhost:3000' })

afterEach(() => {
  opened.length = 0
  listeners.length = 0
})

test('default: listens on the main instance and hands over each value; stop unsubscribes', async () => {
  const values: unknown[] = []
  const stop = watchDatabaseValue(config, 'inventories/u1', (value) => values.push(value), vi.fn())
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000 })
  expect(opened).toEqual([undefined])
  expect(listeners[0]).toMatchObject({ path: 'inventories/u1', instance: undefined })
  listeners[0]?.onValue({ val: () => ({ gem: 1 }) })
  expect(values).toEqual([{ gem: 1 }])
  stop()
  expect(listeners[0]?.stop).toHaveBeenCalledTimes(1)
})

test('behavior: an instance URL reads that instance (a region’s drops)', async () => {
  const region = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
  watchDatabaseValue(config, 'drops/1/w21z73', vi.fn(), vi.fn(), region)
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000 })
  expect(opened).toEqual([region])
  expect(listeners[0]).toMatchObject({ path: 'drops/1/w21z73', instance: region })
})

test('behavior: stopped before the SDK loaded, it never listens', async () => {
  const stop = watchDatabaseValue(config, 'profiles/u1', vi.fn(), vi.fn())
  stop()
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(listeners).toHaveLength(0)
})
