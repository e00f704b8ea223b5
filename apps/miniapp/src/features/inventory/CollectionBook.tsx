import { RARITIES } from '@worldmap/game'
import type { CSSProperties } from 'react'
import { rarityStyles } from '../art/rarityStyles.js'
import { BookEmpty } from './BookEmpty.js'
import { BookKindRow } from './BookKindRow.js'
import { BookProgress } from './BookProgress.js'
import type { CollectionBook as Book, BookCell } from './buildCollectionBook.js'

/** Props of {@link CollectionBook}. */
export interface CollectionBookProps {
  book: Book
  /** Opens a cell's detail (found or not). */
  onSelect: (cell: BookCell) => void
}

/**
 * The collection book: every kind × rarity as a grid — found ones in
 * colour with their count and first-find date, missing ones as
 * silhouettes — with completion per kind ("Relics 3/5") and overall. With
 * nothing found yet it says how to start.
 *
 * @example
 * ```tsx
 * <CollectionBook book={buildCollectionBook(items)} onSelect={(cell) => open(cell)} />
 * ```
 */
export function CollectionBook({ book, onSelect }: CollectionBookProps) {
  return (
    <div className="book">
      <BookProgress found={book.found} total={book.total} />
      {book.found === 0 && <BookEmpty />}
      <div className="book-columns" aria-hidden="true">
        {RARITIES.map((rarity) => (
          // The rarity's dark shade on a light page, its glow on a dark one (inventory.css picks).
          <span
            key={rarity}
            style={{ '--rarity-ink': rarityStyles[rarity].dark, '--rarity-ink-dark': rarityStyles[rarity].glow } as CSSProperties}
          >
            {rarityStyles[rarity].label}
          </span>
        ))}
      </div>
      {book.rows.map((row) => (
        <BookKindRow key={row.kind} row={row} onSelect={onSelect} />
      ))}
    </div>
  )
}
