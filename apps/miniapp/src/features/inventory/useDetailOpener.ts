import type { DropKind, Rarity } from '@worldmap/game'
import { useRef, useState } from 'react'

/** A cell of the collection book: one kind in one rarity. */
export interface BookEntry {
  kind: DropKind
  rarity: Rarity
}

/** What {@link useDetailOpener} gives the inventory. */
export interface DetailOpener {
  /** The entry whose detail is open. */
  selected: BookEntry | null
  /** Open an entry's detail, remembering what had focus (the cell or line). */
  open: (entry: BookEntry) => void
  /** Close the detail, and give focus back to what opened it if it is still there. */
  close: () => void
}

/**
 * Which kind × rarity detail is open, and focus going back to the cell or
 * line that opened it when it closes.
 *
 * @example
 * ```tsx
 * const { selected, open, close } = useDetailOpener()
 * <CollectionBook book={book} onSelect={open} />
 * ```
 */
export function useDetailOpener(): DetailOpener {
  const [selected, setSelected] = useState<BookEntry | null>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const open = (next: BookEntry) => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setSelected({ kind: next.kind, rarity: next.rarity })
  }
  const close = () => {
    setSelected(null)
    if (openerRef.current?.isConnected) openerRef.current.focus()
  }
  return { selected, open, close }
}
