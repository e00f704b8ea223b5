import { formatDate } from '../../lib/format/formatDate.js'
import { type Translate, useLocale, useT } from '../../lib/i18n/index.js'
import { DropArt } from '../art/DropArt.js'
import { dropName, kindPlural } from '../art/dropNames.js'
import { SetSeal } from '../art/SetSeal.js'
import type { BookCell, BookRow } from './buildCollectionBook.js'

/** Props of {@link BookKindRow}. */
export interface BookKindRowProps {
  row: BookRow
  /** Opens a cell's detail (found or not). */
  onSelect: (cell: BookCell) => void
}

function cellLabel(t: Translate, locale: string, cell: BookCell): string {
  const name = dropName(t, cell)
  if (cell.count === 0 || cell.firstAt === null) return t('inventory.cellMissing', { name })
  return t('inventory.cellFound', { name, count: cell.count, date: formatDate(cell.firstAt, locale) })
}

/**
 * One kind's row of the collection book, a set of five: its name, its
 * progress ("Relics 3/5") and its seal — a grey outline until every rarity
 * is found, then gold with "Set complete" — and a cell per rarity, in
 * colour with its count and first-find date when found, a silhouette when not.
 *
 * @example
 * ```tsx
 * {book.rows.map((row) => <BookKindRow key={row.kind} row={row} onSelect={open} />)}
 * ```
 */
export function BookKindRow({ row, onSelect }: BookKindRowProps) {
  const t = useT()
  const locale = useLocale()
  const headingId = `book-${row.kind}`
  const complete = row.completedAt !== null
  return (
    <section className="book-row" aria-labelledby={headingId} data-complete={complete}>
      <div className="book-row-head">
        <h2 id={headingId} className="book-row-title">
          {kindPlural(t, row.kind)}{' '}
          <span
            className="book-row-count"
            role="img"
            aria-label={t('inventory.rowProgress', { found: row.found, total: row.total })}
          >
            {row.found}/{row.total}
          </span>
        </h2>
        {complete && <span className="book-row-complete">{t('inventory.setComplete')}</span>}
        <SetSeal kind={row.kind} earned={complete} size={32} className="book-row-seal" />
      </div>
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
                aria-label={cellLabel(t, locale, cell)}
                onClick={() => onSelect(cell)}
              >
                <span className="book-cell-art">
                  <DropArt kind={cell.kind} rarity={cell.rarity} size={56} silhouette={!found} />
                  {found && <span className="book-cell-count">×{cell.count}</span>}
                </span>
                <span className="book-cell-date">{found && cell.firstAt !== null ? formatDate(cell.firstAt, locale) : ''}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
