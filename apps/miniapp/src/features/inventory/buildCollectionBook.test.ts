import { DROP_KINDS, RARITIES } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { buildCollectionBook } from './buildCollectionBook.js'
import { rarityHint } from './rarityHint.js'

const find = (kind: (typeof DROP_KINDS)[number], rarity: (typeof RARITIES)[number], collectedAt: number) => ({
  kind,
  rarity,
  collectedAt,
})

test('default: an empty inventory is a book of 40 empty cells in the game’s order', () => {
  const book = buildCollectionBook([])
  expect(book.found).toBe(0)
  expect(book.total).toBe(DROP_KINDS.length * RARITIES.length)
  expect(book.rows.map((row) => row.kind)).toEqual([...DROP_KINDS])
  for (const row of book.rows) {
    expect(row.cells.map((cell) => cell.rarity)).toEqual([...RARITIES])
    expect(row).toMatchObject({ found: 0, total: RARITIES.length })
    for (const cell of row.cells) expect(cell).toMatchObject({ count: 0, firstAt: null })
  }
})

test('behavior: counts, first-find dates and completion per kind and overall', () => {
  const book = buildCollectionBook([
    find('relic', 'common', 30),
    find('relic', 'common', 10),
    find('relic', 'rare', 20),
    find('relic', 'legendary', 50),
    find('gem', 'epic', 5),
  ])
  const relics = book.rows.find((row) => row.kind === 'relic')
  expect(relics?.cells).toEqual([
    { kind: 'relic', rarity: 'common', count: 2, firstAt: 10 },
    { kind: 'relic', rarity: 'uncommon', count: 0, firstAt: null },
    { kind: 'relic', rarity: 'rare', count: 1, firstAt: 20 },
    { kind: 'relic', rarity: 'epic', count: 0, firstAt: null },
    { kind: 'relic', rarity: 'legendary', count: 1, firstAt: 50 },
  ])
  expect(relics).toMatchObject({ found: 3, total: 5 })
  expect(book.rows.find((row) => row.kind === 'gem')).toMatchObject({ found: 1, total: 5 })
  expect(book).toMatchObject({ found: 4, total: 40 })
})

test('behavior: for any inventory, the book accounts for every item exactly once', () => {
  const item = fc.record({
    kind: fc.constantFrom(...DROP_KINDS),
    rarity: fc.constantFrom(...RARITIES),
    collectedAt: fc.integer({ min: 0, max: 4_000_000_000_000 }),
  })
  fc.assert(
    fc.property(fc.array(item, { maxLength: 120 }), (items) => {
      const book = buildCollectionBook(items)
      const cells = book.rows.flatMap((row) => row.cells)
      expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(items.length)
      expect(book.found).toBe(new Set(items.map((entry) => `${entry.kind}:${entry.rarity}`)).size)
      expect(book.found).toBeLessThanOrEqual(book.total)
      for (const cell of cells) {
        const mine = items.filter((entry) => entry.kind === cell.kind && entry.rarity === cell.rarity)
        expect(cell.firstAt).toBe(mine.length ? Math.min(...mine.map((entry) => entry.collectedAt)) : null)
      }
    }),
  )
})

test('parameters: the rarity hint follows the game’s spawn weights', () => {
  expect(RARITIES.map(rarityHint)).toEqual([
    'Most drops are common.',
    'About 1 in 4 drops is uncommon.',
    'About 1 in 10 drops is rare.',
    'About 1 in 25 drops is epic.',
    'About 1 in 100 drops is legendary.',
  ])
})
