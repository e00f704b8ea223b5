import { expect, test } from 'vitest'
import { tabAfterKey } from './InventoryTabs.js'

test('default: the arrows step between the tabs and wrap around', () => {
  expect(tabAfterKey('ArrowRight', 'book')).toBe('finds')
  expect(tabAfterKey('ArrowRight', 'finds')).toBe('book')
  expect(tabAfterKey('ArrowLeft', 'book')).toBe('finds')
  expect(tabAfterKey('ArrowLeft', 'finds')).toBe('book')
})

test('behavior: Home and End jump to the first and the last tab', () => {
  expect(tabAfterKey('Home', 'finds')).toBe('book')
  expect(tabAfterKey('End', 'book')).toBe('finds')
})

test('behavior: any other key moves nowhere', () => {
  for (const key of ['Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'a']) expect(tabAfterKey(key, 'book')).toBeNull()
})
