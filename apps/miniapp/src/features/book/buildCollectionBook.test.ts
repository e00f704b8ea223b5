import { DROP_KINDS, RARITIES } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { buildCollectionBook } from './buildCollectionBook.js'

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

test('behavior: a kind found in all five rarities is a complete set, completed by its last new rarity', () => {
  const coins = RARITIES.map((rarity, index) => find('coin', rarity, 100 + index * 10))
  const book = buildCollectionBook([...coins, find('coin', 'common', 500), find('gem', 'rare', 7)])
  const row = book.rows.find((entry) => entry.kind === 'coin')
  // The legendary came last (140); a later duplicate common does not move the date.
  expect(row).toMatchObject({ found: 5, total: 5, completedAt: 140 })
  expect(book.rows.find((entry) => entry.kind === 'gem')?.completedAt).toBeNull()
  expect(book.setsComplete).toBe(1)
  expect(buildCollectionBook(coins.slice(0, 4)).setsComplete).toBe(0)
})

test('behavior: for any inventory, a set is complete exactly when every rarity of its kind has a find', () => {
  const item = fc.record({
    kind: fc.constantFrom(...DROP_KINDS),
    rarity: fc.constantFrom(...RARITIES),
    collectedAt: fc.integer({ min: 0, max: 4_000_000_000_000 }),
  })
  fc.assert(
    fc.property(fc.array(item, { maxLength: 200 }), (items) => {
      const book = buildCollectionBook(items)
      for (const row of book.rows) {
        const mine = items.filter((entry) => entry.kind === row.kind)
        const complete = RARITIES.every((rarity) => mine.some((entry) => entry.rarity === rarity))
        expect(row.completedAt !== null).toBe(complete)
        if (complete) {
          const firsts = RARITIES.map((rarity) =>
            Math.min(...mine.filter((entry) => entry.rarity === rarity).map((entry) => entry.collectedAt)),
          )
          expect(row.completedAt).toBe(Math.max(...firsts))
        }
      }
      expect(book.setsComplete).toBe(book.rows.filter((row) => row.found === row.total).length)
    }),
  )
})
