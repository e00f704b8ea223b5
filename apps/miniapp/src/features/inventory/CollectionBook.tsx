import { COLLECT_REACH_METERS, RARITIES } from '@worldmap/game'
import type { CSSProperties } from 'react'
import { formatDate } from '../../lib/format/formatDate.js'
import { DropArt } from '../art/DropArt.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import { rarityStyles } from '../art/rarityStyles.js'
import type { CollectionBook as Book, BookCell } from './buildCollectionBook.js'

/** Props of {@link CollectionBook}. */
export interface CollectionBookProps {
  book: Book
  /** Opens a cell's detail (found or not). */
  onSelect: (cell: BookCell) => void
}

function cellLabel(cell: BookCell): string {
  const name = dropLabel(cell)
  if (cell.count === 0 || cell.firstAt === null) return `${name}, not found yet`
  return `${name}, ${cell.count} found, first on ${formatDate(cell.firstAt)}`
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
  const percent = book.total === 0 ? 0 : Math.round((book.found / book.total) * 100)
  return (
    <div className="book">
      <div className="book-total">
        <p className="book-total-text">
          <span className="book-total-label">Collection</span>{' '}
          <strong className="book-total-count">
            {book.found}/{book.total}
          </strong>
        </p>
        <div
          className="book-progress"
          role="progressbar"
          aria-label="Collection complete"
          aria-valuemin={0}
          aria-valuemax={book.total}
          aria-valuenow={book.found}
          aria-valuetext={`${book.found} of ${book.total} found`}
        >
          <span className="book-progress-fill" style={{ width: `${percent}%` }} />
        </div>
      </div>

      {book.found === 0 && (
        <div className="empty-state book-empty">
          <p>
            <strong>Your book is empty — for now.</strong>
          </p>
          <p>
            Every shape below is waiting somewhere out there. Open the map, walk within {COLLECT_REACH_METERS} m of a drop and tap
            Collect to fill your first spot.
          </p>
          <a href="/map" className="button button-primary">
            Open the map
          </a>
        </div>
      )}

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

      {book.rows.map((row) => {
        const info = dropKindInfo[row.kind]
        const headingId = `book-${row.kind}`
        return (
          <section key={row.kind} className="book-row" aria-labelledby={headingId} data-complete={row.found === row.total}>
            <h2 id={headingId} className="book-row-title">
              {info.plural}{' '}
              <span className="book-row-count">
                {row.found}/{row.total}
              </span>
            </h2>
            <ul className="book-cells">
              {row.cells.map((cell) => {
                const found = cell.count > 0 && cell.firstAt !== null
                return (
                  <li key={cell.rarity}>
                    <button
                      type="button"
                      className="book-cell"
                      data-found={found}
                      data-rarity={cell.rarity}
                      aria-label={cellLabel(cell)}
                      onClick={() => onSelect(cell)}
                    >
                      <span className="book-cell-art">
                        <DropArt kind={cell.kind} rarity={cell.rarity} size={56} silhouette={!found} />
                        {found && <span className="book-cell-count">×{cell.count}</span>}
                      </span>
                      <span className="book-cell-date">{found && cell.firstAt !== null ? formatDate(cell.firstAt) : ''}</span>
                    </button>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
