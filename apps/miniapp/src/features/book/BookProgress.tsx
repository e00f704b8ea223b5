import { useT } from '../../lib/i18n/index.js'

/** Props of {@link BookProgress}. */
export interface BookProgressProps {
  /** Cells found, of `total`. */
  found: number
  total: number
}

/**
 * The collection book's overall completion: "Collection 7/25" and a
 * progress bar screen readers read as "7 of 25 found".
 *
 * @example
 * ```tsx
 * <BookProgress found={book.found} total={book.total} />
 * ```
 */
export function BookProgress({ found, total }: BookProgressProps) {
  const t = useT()
  const percent = total === 0 ? 0 : Math.round((found / total) * 100)
  return (
    <div className="book-total">
      <p className="book-total-text">
        <span className="book-total-label">{t('inventory.collection')}</span>{' '}
        <strong className="book-total-count">
          {found}/{total}
        </strong>
      </p>
      <div
        className="book-progress"
        role="progressbar"
        aria-label={t('inventory.collectionBar')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={found}
        aria-valuetext={t('inventory.collectionValue', { found, total })}
      >
        <span className="book-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
