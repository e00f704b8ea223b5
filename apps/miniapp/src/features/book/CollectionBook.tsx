import { type DropKind, RARITIES } from '@worldmap/game'
import type { CSSProperties } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { rarityName } from '../art/dropNames.js'
import { rarityStyles } from '../art/rarityStyles.js'
import { BookEmpty } from './BookEmpty.js'
import { BookKindRow } from './BookKindRow.js'
import { BookProgress } from './BookProgress.js'
import { BookSets } from './BookSets.js'
import type { CollectionBook as Book, BookCell } from './buildCollectionBook.js'
import { SetCompleteMoment } from './SetCompleteMoment.js'

/** Props of {@link CollectionBook}. */
export interface CollectionBookProps {
  book: Book
  /** Opens a cell's detail (found or not). */
  onSelect: (cell: BookCell) => void
  /** A set to celebrate now ("Set complete!"), and what putting it away does. */
  moment?: { kind: DropKind | null; done: (kind: DropKind) => void }
}

/**
 * The collection book: every kind × rarity as a grid — found ones in
 * colour with their count and first-find date, missing ones as
 * silhouettes — with completion overall and per kind, each kind a set of
 * five whose seal is earned by finding all five (the shelf of seals at the
 * top, a "Set complete!" moment when one comes in). With nothing found yet
 * it says how to start.
 *
 * @example
 * ```tsx
 * <CollectionBook book={buildCollectionBook(items)} onSelect={(cell) => open(cell)} moment={useSetMoment(uid, book.rows)} />
 * ```
 */
export function CollectionBook({ book, onSelect, moment }: CollectionBookProps) {
  const t = useT()
  return (
    <div className="book">
      {moment?.kind && <SetCompleteMoment key={moment.kind} kind={moment.kind} onDone={moment.done} />}
      <BookProgress found={book.found} total={book.total} />
      {book.found === 0 ? <BookEmpty /> : <BookSets rows={book.rows} complete={book.setsComplete} />}
      <div className="book-columns" aria-hidden="true">
        {RARITIES.map((rarity) => (
          // The rarity's dark shade on a light page, its glow on a dark one (the inventory screen’s inventory.css picks).
          <span
            key={rarity}
            style={{ '--rarity-ink': rarityStyles[rarity].dark, '--rarity-ink-dark': rarityStyles[rarity].glow } as CSSProperties}
          >
            {rarityName(t, rarity)}
          </span>
        ))}
      </div>
      {book.rows.map((row) => (
        <BookKindRow key={row.kind} row={row} onSelect={onSelect} />
      ))}
    </div>
  )
}
