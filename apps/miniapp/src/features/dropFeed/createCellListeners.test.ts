import { expect, test, vi } from 'vitest'
import { createCellListeners, type WatchPath } from './createCellListeners.js'

const cell = { window: 997_459, watchCell: 'w21z73' }
const path = 'drops/997459/w21z73'
const record = { lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt: 1 }

function fakeWatch() {
  const live = new Map<string, { onValue: (value: unknown) => void; onError: (error: Error) => void }>()
  const stopped: string[] = []
  const watch = vi.fn<WatchPath>((path, onValue, onError) => {
    live.set(path, { onValue, onError })
    return () => {
      stopped.push(path)
      live.delete(path)
    }
  })
  return { watch, live, stopped }
}

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve))

test('default: one listener per path, shared, with the parsed drops kept', () => {
  const { watch, live } = fakeWatch()
  const cells = createCellListeners(watch)
  const a = vi.fn()
  const b = vi.fn()
  cells.join(cell, a)
  cells.join(cell, b)
  expect(watch).toHaveBeenCalledTimes(1)
  expect(watch).toHaveBeenCalledWith(path, expect.any(Function), expect.any(Function))
  expect(cells.read(cell)).toEqual({ status: 'pending' })

  live.get(path)?.onValue({ w21z73t_997459_3: record })
  expect(a).toHaveBeenCalledTimes(1)
  expect(b).toHaveBeenCalledTimes(1)
  expect(cells.read(cell)).toEqual({ status: 'ready', drops: [{ id: 'w21z73t_997459_3', ...record }] })
  expect(cells.paths()).toEqual([path])
})

test('behavior: the last member leaving stops the listener a microtask later; rejoining before that keeps it', async () => {
  const { watch, stopped } = fakeWatch()
  const cells = createCellListeners(watch)
  const leave = cells.join(cell, vi.fn())
  leave()
  const rejoined = cells.join(cell, vi.fn())
  await tick()
  expect(watch).toHaveBeenCalledTimes(1)
  expect(stopped).toEqual([])

  rejoined()
  // Leaving twice is leaving once.
  rejoined()
  expect(cells.paths()).toEqual([path])
  await tick()
  expect(stopped).toEqual([path])
  expect(cells.paths()).toEqual([])
  expect(cells.read(cell)).toEqual({ status: 'pending' })
})

test('error: a refused read is the cell state, told to its members; joining afresh listens afresh', async () => {
  const { watch, live } = fakeWatch()
  const cells = createCellListeners(watch)
  const onChange = vi.fn()
  const leave = cells.join(cell, onChange)
  const denied = new Error('permission_denied')
  live.get(path)?.onError(denied)
  expect(onChange).toHaveBeenCalledTimes(1)
  expect(cells.read(cell)).toEqual({ status: 'failed', error: denied })
  leave()
  await tick()
  cells.join(cell, vi.fn())
  expect(watch).toHaveBeenCalledTimes(2)
  expect(cells.read(cell)).toEqual({ status: 'pending' })
})

test('behavior: with a router, each cell is watched on the instance holding its region', () => {
  const { watch } = fakeWatch()
  const instanceOfCell = vi.fn((watchCell: string) =>
    watchCell.startsWith('w21') ? 'http://127.0.0.1:9177/?ns=demo-worldmap-r1' : 'http://127.0.0.1:9100/?ns=demo-worldmap',
  )
  const cells = createCellListeners(watch, instanceOfCell)
  cells.join(cell, vi.fn())
  cells.join({ window: 997_459, watchCell: 'u09tvw' }, vi.fn())
  // A second member shares the listener: the router is asked once per cell.
  cells.join(cell, vi.fn())
  expect(watch.mock.calls.map(([path, , , instance]) => [path, instance])).toEqual([
    [path, 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'],
    ['drops/997459/u09tvw', 'http://127.0.0.1:9100/?ns=demo-worldmap'],
  ])
  expect(instanceOfCell.mock.calls).toEqual([
    [cell.watchCell, cell.window],
    ['u09tvw', 997_459],
  ])
})

test('behavior: a cell’s next window is a listener of its own, on the instance that window’s table names (a table switch)', () => {
  const { watch } = fakeWatch()
  const switchWindow = cell.window + 1
  const instanceOfCell = (_watchCell: string, window: number) =>
    window >= switchWindow ? 'http://127.0.0.1:9177/?ns=demo-worldmap-r1' : 'http://127.0.0.1:9100/?ns=demo-worldmap'
  const cells = createCellListeners(watch, instanceOfCell)
  cells.join(cell, vi.fn())
  cells.join({ ...cell, window: switchWindow }, vi.fn())
  expect(watch.mock.calls.map(([path, , , instance]) => [path, instance])).toEqual([
    [path, 'http://127.0.0.1:9100/?ns=demo-worldmap'],
    [`drops/${switchWindow}/${cell.watchCell}`, 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'],
  ])
})
