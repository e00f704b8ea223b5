import { formatDate } from '../../lib/format/formatDate.js'
import { DropArt } from '../art/DropArt.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import type { BookCell, BookRow } from './buildCollectionBook.js'

/** Props of {@link BookKindRow}. */
export interface BookKindRowProps {
  row: BookRow
  /** Opens a cell's detail (found or not). */
  onSelect: (cell: BookCell) => void
}

function cellLabel(cell: BookCell): string {
  const name = dropLabel(cell)
  if (cell.count === 0 || cell.firstAt === null) return `${name}, not found yet`
  return `${name}, ${cell.count} found, first on ${formatDate(cell.firstAt)}`
}

/**
 * One kind's row of the collection book: its name and completion ("Relics
 * 3/5"), then a cell per rarity — in colour with its count and first-find
 * date when found, a silhouette when not.
 *
 * @example
 * ```tsx
 * {book.rows.map((row) => <BookKindRow key={row.kind} row={row} onSelect={open} />)}
 * ```
 */
export function BookKindRow({ row, onSelect }: BookKindRowProps) {
  const headingId = `book-${row.kind}`
  return (
    <section className="book-row" aria-labelledby={headingId} data-complete={row.found === row.total}>
      <h2 id={headingId} className="book-row-title">
        {dropKindInfo[row.kind].plural}{' '}
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
}
