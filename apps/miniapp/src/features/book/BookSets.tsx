import { useId } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { SetSeal } from '../art/SetSeal.js'
import type { BookRow } from './buildCollectionBook.js'

/** Props of {@link BookSets}. */
export interface BookSetsProps {
  rows: readonly BookRow[]
  /** Kinds with every rarity found. */
  complete: number
}

/**
 * The book's shelf of set seals: one per kind, gold once the player has
 * found that kind in all five rarities, a grey outline until then, with
 * "1 of 8 earned" — the reward for a complete set, in plain sight.
 *
 * @example
 * ```tsx
 * <BookSets rows={book.rows} complete={book.setsComplete} />
 * ```
 */
export function BookSets({ rows, complete }: BookSetsProps) {
  const t = useT()
  const titleId = useId()
  return (
    <section className="book-sets" aria-labelledby={titleId}>
      <div className="book-sets-head">
        <h2 id={titleId} className="book-sets-title">
          {t('inventory.setsTitle')}
        </h2>
        <span className="book-sets-count">{t('inventory.setsCount', { count: complete, total: rows.length })}</span>
      </div>
      <ul className="book-sets-list">
        {rows.map((row) => {
          const seal = t(`inventory.seal.${row.kind}`)
          const earned = row.completedAt !== null
          return (
            <li key={row.kind}>
              <SetSeal
                kind={row.kind}
                earned={earned}
                size={36}
                label={earned ? t('inventory.sealEarned', { seal }) : t('inventory.sealLocked', { seal })}
              />
            </li>
          )
        })}
      </ul>
      {complete === 0 && <p className="book-sets-hint">{t('inventory.setsHint')}</p>}
    </section>
  )
}
