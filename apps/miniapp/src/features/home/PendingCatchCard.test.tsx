// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { createPendingCollects, type PendingStorage } from '../collect/pendingCollects.js'
import { PendingCatchCard } from './PendingCatchCard.js'

function memoryStorage(): PendingStorage {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}
const pending = (dropId: string) =>
  ({ dropId, lat: 1, lng: 2, accuracy: 5, kind: 'gem', rarity: 'rare', at: Date.now() }) as const

test('default: nothing when no collect is pending', () => {
  const { container } = render(<PendingCatchCard uid="alice" storage={memoryStorage()} />)
  expect(container.textContent).toBe('')
})

test('behavior: a pending collect (a reload mid-collect) links to the map, where it is revealed; per player', () => {
  const storage = memoryStorage()
  createPendingCollects(storage, 'alice').add(pending('a'))
  const view = render(<PendingCatchCard uid="alice" storage={storage} />)
  const link = screen.getByRole('link', { name: /A catch is waiting for you/ })
  expect(link.getAttribute('href')).toBe('/map')
  expect(link.textContent).toBe('A catch is waiting for youOpen the map to see what you found.')
  view.unmount()
  // Another player on this device sees nothing of it.
  const other = render(<PendingCatchCard uid="bob" storage={storage} />)
  expect(other.container.textContent).toBe('')
})

test('behavior: several say how many', () => {
  const storage = memoryStorage()
  const store = createPendingCollects(storage, 'alice')
  store.add(pending('a'))
  store.add(pending('b'))
  render(<PendingCatchCard uid="alice" storage={storage} />)
  expect(screen.getByRole('link', { name: /2 catches are waiting for you/ })).toBeTruthy()
})

test("behavior: by default it reads the browser's localStorage", () => {
  createPendingCollects(window.localStorage, 'alice').add(pending('a'))
  render(<PendingCatchCard uid="alice" />)
  expect(screen.getByRole('link', { name: /A catch is waiting/ })).toBeTruthy()
})
